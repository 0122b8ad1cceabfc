/* What every local app's page shares (the studio, the table): events between the parts
   of a page, and the page's JSON API, each request carrying the session's token. Every
   text from the server reaches a page through textContent, never as markup. */
"use strict";

(function () {
  const P = (window.Pachaprint = {});

  /** Give `target` on(name, fn) and emit(name, data): events between a page's parts. */
  P.events = function (target) {
    const listeners = {};
    target.on = function (name, fn) { (listeners[name] = listeners[name] || []).push(fn); };
    target.emit = function (name, data) { (listeners[name] || []).forEach((fn) => fn(data)); };
    return target;
  };

  /** The server's answer in words (status 0: no answer), with the problems behind it, if any. */
  class ApiError extends Error {
    constructor(message, status, problems) {
      super(message);
      this.status = status;
      this.problems = problems || [];
    }
  }
  P.ApiError = ApiError;

  /** The page's server: the token in the page's <meta name="NAME">, and `silent`, the
      message when the server does not answer. `api(path, body)` GETs (no body) or POSTs a
      JSON body and gives the JSON answer; `response(path, body)` gives the response itself
      (a file, say); both throw an ApiError for anything but a 2xx answer. */
  P.server = function (meta, silent) {
    const token = document.querySelector('meta[name="' + meta + '"]').getAttribute("content");

    async function request(path, body) {
      const options = { method: body === undefined ? "GET" : "POST", headers: { "X-Pachaprint-Token": token } };
      if (body !== undefined) {
        options.headers["Content-Type"] = "application/json";
        options.body = JSON.stringify(body);
      }
      let response;
      try {
        response = await fetch(path, options);
      } catch (e) {
        throw new ApiError(silent, 0);
      }
      if (!response.ok) {
        let data = {};
        try { data = await response.json(); } catch (e) { data = {}; }
        throw new ApiError(data.error || "the server answered " + response.status, response.status, data.problems);
      }
      return response;
    }

    return {
      token: token,
      api: async (path, body) => (await request(path, body)).json(),
      response: request,
    };
  };
})();
