/* pachaprint table, part 1: talking to the server, and small helpers.
   The server holds the game; the page only shows what it answers and sends
   back the engine's action codes. Every text from the server reaches the
   page through textContent, never as markup; the pictures are SVG the
   server drew, parsed as SVG (no script can run in them: the page's
   Content-Security-Policy allows scripts from the server's own files only). */
"use strict";

(function () {
  const T = (window.Table = window.Pachaprint.events({}));
  T.TERRAINS = { V: "Valley", D: "Desert", F: "Forest", M: "Mountain" };
  T.CROPS = { 1: "sweet potato", 2: "coca leaf", 3: "chili pepper", 4: "corn", 5: "quinoa" };
  T.LETTERS = { brown: "Br", white: "W", green: "G", blue: "Bl", purple: "P", yellow: "Y" };

  // -- the server (events, the token and errors: pachaprint/web/static/apps.js) ------------
  const server = window.Pachaprint.server("table-token", "the table's server does not answer (was it stopped?)");
  T.token = server.token;
  T.ApiError = window.Pachaprint.ApiError;

  /** GET (no body) or POST a JSON body; the JSON answer, or an ApiError in words. */
  T.api = server.api;
  T.server = server;

  // -- the page ------------------------------------------------------------------------------
  T.$ = (id) => document.getElementById(id);

  /** An element with a class and text (text only: never markup). */
  T.make = function (tag, className, text) {
    const el = document.createElement(tag);
    if (className) el.className = className;
    if (text !== undefined) el.textContent = text;
    return el;
  };

  const SVG_NS = "http://www.w3.org/2000/svg";
  T.svg = function (tag, attributes) {
    const el = document.createElementNS(SVG_NS, tag);
    Object.entries(attributes || {}).forEach(([k, v]) => el.setAttribute(k, String(v)));
    return el;
  };

  /** Put an SVG picture the server drew into a container (parsed as SVG, never as HTML). */
  T.picture = function (container, markup) {
    const doc = new DOMParser().parseFromString(markup, "image/svg+xml");
    const root = doc.documentElement;
    if (root.nodeName !== "svg") throw new Error("the server sent a picture that is not SVG");
    root.removeAttribute("id");
    root.setAttribute("focusable", "false");
    container.replaceChildren(document.importNode(root, true));
    return container.firstElementChild;
  };

  T.status = function (text, kind) {
    const el = T.$("status");
    el.textContent = text || "";
    el.className = "save-status" + (kind ? " " + kind : "");
  };

  T.sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

  /** A little chip for a pawn colour: its letter on its colour (colour is never alone). */
  T.pawnChip = function (colour) {
    const chip = T.make("span", "chip-pawn pawn-" + colour, T.LETTERS[colour] || "?");
    chip.title = colour;
    return chip;
  };

  /** A crop level as the print shows it: symbol and digit on the crop's colour. */
  T.cropChip = function (level) {
    const chip = T.make("span", "crop-chip c-" + level);
    const sym = T.svg("svg", { class: "sym", "aria-hidden": "true" });
    sym.appendChild(T.svg("use", { href: "#sym-crop-" + level }));
    chip.appendChild(sym);
    chip.appendChild(T.make("b", "", String(level)));
    return chip;
  };

  T.terrainChip = function (letter) {
    const chip = T.make("span", "terrain-chip t-" + letter);
    const sym = T.svg("svg", { class: "sym", "aria-hidden": "true" });
    sym.appendChild(T.svg("use", { href: "#sym-terrain-" + letter }));
    chip.appendChild(sym);
    chip.appendChild(T.make("b", "", letter));
    return chip;
  };
})();
