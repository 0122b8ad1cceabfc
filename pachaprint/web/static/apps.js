/* What every app's page shares (the studio, the table): events between the parts of a
   page, and the page's JSON API with its two transports: HTTP to the local server (each
   request carrying the session's token), or the Web Worker of the site. Every text from
   the server or the worker reaches a page through textContent, never as markup. */
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

  /** An answer that is not 2xx as an ApiError (with the answer's error and problems). */
  async function checked(response) {
    if (!response.ok) {
      let data = {};
      try { data = await response.json(); } catch (e) { data = {}; }
      throw new ApiError(data.error || "the server answered " + response.status, response.status, data.problems);
    }
    return response;
  }

  /** Over HTTP, to `pachaprint studio`/`table`: each request carries the session's token. */
  function httpTransport(meta, silent) {
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
      return checked(response);
    }
    return { token: token, request: request };
  }

  /** In the site, to the same handlers in a Web Worker running Python: the page's
      <meta name="pachaprint-worker"> names the worker's script, the app, the runtime and
      the site's version (of its code bundle and worker).
      The worker is made from the script's text (a blob), so this page's
      Content-Security-Policy holds in it too; its answers become Responses, so the rest
      of the page reads them as it reads the server's. */
  function workerTransport(meta) {
    const app = meta.getAttribute("data-app");
    const site = new URL(meta.getAttribute("content"), location.href);
    const runtime = new URL(meta.getAttribute("data-runtime"), location.href).href;
    const version = meta.getAttribute("data-version");
    const waiting = new Map();
    let counter = 0;
    const said = document.getElementById("runtime-status");
    function say(text, kind) {
      if (!said) return;
      said.textContent = text;
      said.hidden = !text;
      said.className = "runtime-status" + (kind ? " " + kind : "");
    }
    say("Starting Python in this browser\u2026 (the first visit loads it; later ones are quicker)");
    const worker = (async () => {
      const source = await (await fetch(site.href)).text();
      const made = new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
      return new Promise((resolve, reject) => {
        made.onmessage = (event) => {
          const message = event.data;
          if (message.type === "ready") {
            say("");
            document.documentElement.setAttribute("data-runtime", "ready");
            P.runtimeTimes = message.times; // milliseconds of each step of the start (benchmarks)
            made.onmessage = (reply) => {
              P.runtimeTimes = reply.data.times;
              const done = waiting.get(reply.data.id);
              waiting.delete(reply.data.id);
              if (done) done(reply.data);
            };
            resolve(made);
          } else if (message.type === "failed") {
            say("Python did not start in this browser: " + message.error, "error");
            reject(new ApiError("Python did not start in this browser: " + message.error, 0));
          }
        };
        made.postMessage({ type: "start", site: new URL(".", site).href, runtime: runtime, version: version, app: app });
      });
    })();

    async function request(path, body) {
      const url = new URL(path, location.href);
      const query = {};
      url.searchParams.forEach((value, key) => { query[key] = value; });
      const message = {
        app: app,
        method: body === undefined ? "GET" : "POST",
        path: url.pathname.slice(url.pathname.lastIndexOf("/api/")),
        query: query,
        body: body === undefined ? null : JSON.stringify(body),
      };
      const ready = await worker;
      const id = ++counter;
      const reply = await new Promise((resolve) => {
        waiting.set(id, resolve);
        ready.postMessage({ id: id, request: message });
      });
      const head = reply.head;
      let response;
      if (head.file) {
        const disposition = 'attachment; filename="' + head.file.name + '"';
        response = new Response(reply.data, { status: head.status, headers: { "Content-Type": head.file.type, "Content-Disposition": disposition } });
      } else {
        response = new Response(JSON.stringify(head.json), { status: head.status, headers: { "Content-Type": "application/json" } });
      }
      return checked(response);
    }
    return { token: "", request: request };
  }

  /** The page's server: the transport picked at load (the worker in the site, else HTTP
      with the token in <meta name="META">; `silent` is the message when the server does
      not answer). `api(path, body)` GETs (no body) or POSTs a JSON body and gives the JSON
      answer; `response(path, body)` gives the response itself (a file, say); both throw
      an ApiError for anything but a 2xx answer. */
  P.server = function (meta, silent) {
    const site = document.querySelector('meta[name="pachaprint-worker"]');
    const transport = site ? workerTransport(site) : httpTransport(meta, silent);
    P.site = !!site;
    return {
      token: transport.token,
      api: async (path, body) => (await transport.request(path, body)).json(),
      response: transport.request,
    };
  };
})();
