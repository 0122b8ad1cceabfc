/* pachaprint studio, part 1: the edited scenario, its history and the live check.
   Every text from the scenario or the server reaches the page through
   textContent or a form value, never as markup. */
"use strict";

(function () {
  const S = (window.Studio = window.Pachaprint.events({}));
  const COLUMNS = "abcdefghi";
  const WIDTHS = { tiny: 5, long: 9 };
  const TERRAINS = { V: "Valley", D: "Desert", F: "Forest", M: "Mountain" };
  const CROPS = { 1: "sweet potato", 2: "coca leaf", 3: "chili pepper", 4: "corn", 5: "quinoa" };
  S.TERRAINS = TERRAINS;
  S.CROPS = CROPS;
  S.UNPAINTED = ".";

  // -- talking to the server (events, the token and errors: pachaprint/web/static/apps.js) --
  const server = window.Pachaprint.server("studio-token", "the studio server does not answer (was it stopped?)");
  S.token = server.token;
  S.ApiError = window.Pachaprint.ApiError;

  /** GET (no body) or POST a JSON body; the JSON answer, or an ApiError. */
  S.api = server.api;

  /** POST for a file: {blob, name} from the Content-Disposition header. */
  S.download = async function (path, body) {
    const response = await server.response(path, body);
    const disposition = response.headers.get("Content-Disposition") || "";
    const match = /filename="([^"]+)"/.exec(disposition);
    return { blob: await response.blob(), name: match ? match[1] : "download" };
  };

  // -- board geometry ----------------------------------------------------------------
  S.width = function (size) { return WIDTHS[size] || 9; };
  S.cellName = function (column, row) { return COLUMNS[column] + (row + 1); };
  S.position = function (name) { return { column: COLUMNS.indexOf(name[0]), row: Number(name[1]) - 1 }; };
  S.cellNames = function (size) {
    const names = [];
    for (let row = 0; row < 5; row++) for (let column = 0; column < S.width(size); column++) names.push(S.cellName(column, row));
    return names;
  };
  S.onBoard = function (size, name) {
    return typeof name === "string" && /^[a-i][1-5]$/.test(name) && COLUMNS.indexOf(name[0]) < S.width(size);
  };

  // -- reading and changing the scenario mapping --------------------------------------
  function charAt(rows, name) {
    const p = S.position(name);
    return (rows[p.row] || "")[p.column] || ".";
  }
  function withChar(rows, name, ch) {
    const p = S.position(name);
    const row = rows[p.row];
    return rows.map((text, i) => (i === p.row ? row.slice(0, p.column) + ch + row.slice(p.column + 1) : text));
  }
  S.terrainAt = (doc, name) => charAt(doc.terrain, name);
  S.cropAt = (doc, name) => charAt(doc.crops, name);
  S.isStart = (doc, name) => doc.start.indexOf(name) >= 0;
  S.otomaCells = (doc) => (doc.solo && Array.isArray(doc.solo.otoma) ? doc.solo.otoma : []);
  S.isOtoma = (doc, name) => S.otomaCells(doc).indexOf(name) >= 0;

  /** Change functions: each returns true when it changed the mapping. */
  S.change = {
    terrain(doc, name, letter) {
      if (S.terrainAt(doc, name) === letter) return false;
      doc.terrain = withChar(doc.terrain, name, letter);
      return true;
    },
    crop(doc, name, digit) {
      if (S.cropAt(doc, name) === digit) return false;
      doc.crops = withChar(doc.crops, name, digit);
      return true;
    },
    start(doc, name, on) {
      if (S.isStart(doc, name) === on) return false;
      if (on) doc.start = doc.start.concat([name]);
      else {
        doc.start = doc.start.filter((c) => c !== name);
        S.change.otoma(doc, name, false);
      }
      return true;
    },
    otoma(doc, name, on) {
      if (S.isOtoma(doc, name) === on) return false;
      const cells = S.otomaCells(doc);
      if (on) {
        if (cells.length >= 5) { S.emit("notice", "A map has exactly 5 Otoma cells; remove one first."); return false; }
        S.change.start(doc, name, true);
        doc.solo = { otoma: cells.concat([name]) };
      } else {
        const left = cells.filter((c) => c !== name);
        if (left.length) doc.solo = { otoma: left };
        else delete doc.solo;
      }
      return true;
    },
    resize(doc, size) {
      if (doc.size === size) return false;
      const width = S.width(size);
      const fit = (rows) => rows.map((row) => (row + ".........").slice(0, width));
      doc.size = size;
      doc.terrain = fit(doc.terrain);
      doc.crops = fit(doc.crops);
      doc.start = doc.start.filter((c) => S.onBoard(size, c));
      if (size === "tiny") delete doc.solo;
      return true;
    },
  };

  /** What a resize to `size` would throw away, in words, or "". */
  S.resizeLoss = function (doc, size) {
    const width = S.width(size);
    let painted = 0;
    doc.terrain.forEach((row) => { for (const ch of row.slice(width)) if (ch !== ".") painted++; });
    const otoma = size === "tiny" && S.otomaCells(doc).length;
    const parts = [];
    if (painted) parts.push(painted + " painted cell" + (painted === 1 ? "" : "s") + " in columns " + COLUMNS[width] + "-i");
    if (otoma) parts.push("the Otoma cells");
    return parts.join(" and ");
  };

  // -- the document and its history ------------------------------------------------------
  const state = (S.state = {
    file: null, doc: null, hash: null, exists: false,
    history: [], index: 0, saved: null, version: 0, gesture: null,
  });
  const HISTORY_LIMIT = 500;

  /** Show an opened (or new) document. It counts as unsaved only once it changes, unless
      `opened.unsaved` says it holds work found nowhere on disk (a generated map). */
  S.load = function (opened) {
    state.file = opened.file;
    state.doc = opened.scenario;
    state.hash = opened.hash;
    state.exists = !!opened.exists;
    const text = JSON.stringify(state.doc);
    state.history = [text];
    state.index = 0;
    state.saved = opened.unsaved ? null : text;
    state.gesture = null;
    state.version++;
    S.emit("load");
    S.emit("change", { reason: "load" });
    S.check();
  };

  S.isDirty = () => state.doc !== null && JSON.stringify(state.doc) !== state.saved;
  /** Cells still unpainted: a save writes a draft. */
  S.isDraft = () => state.doc !== null && state.doc.terrain.some((row) => row.indexOf(S.UNPAINTED) >= 0);
  S.canUndo = () => state.index > 0;
  S.canRedo = () => state.index < state.history.length - 1;

  function commit() {
    const text = JSON.stringify(state.doc);
    if (text === state.history[state.index]) return;
    state.history = state.history.slice(0, state.index + 1);
    state.history.push(text);
    if (state.history.length > HISTORY_LIMIT) state.history.shift();
    state.index = state.history.length - 1;
  }

  /** Apply `mutate(doc)` (returns true when it changed something) as one edit. */
  S.edit = function (mutate, reason) {
    if (!state.doc) return false;
    const changed = mutate(state.doc);
    if (!changed) return false;
    state.version++;
    S.markEdit();
    if (!state.gesture) commit();
    S.check(); // the request goes out first; the page redraws while it travels
    S.emit("change", { reason: reason || "edit" });
    return true;
  };

  /** Edits between begin and end (a drag) are one step of the history. */
  S.beginGesture = function () { state.gesture = true; };
  S.endGesture = function () {
    if (!state.gesture) return;
    state.gesture = null;
    commit();
    S.emit("change", { reason: "gesture" });
  };

  function restore(index) {
    state.index = index;
    state.doc = JSON.parse(state.history[index]);
    state.version++;
    S.markEdit();
    S.check();
    S.emit("change", { reason: "history" });
  }
  S.undo = function () { if (S.canUndo()) restore(state.index - 1); };
  S.redo = function () { if (S.canRedo()) restore(state.index + 1); };

  S.markSaved = function (file, hash) {
    state.file = file;
    state.hash = hash;
    state.exists = true;
    state.saved = JSON.stringify(state.doc);
    S.emit("change", { reason: "saved" });
  };

  // -- the live check -----------------------------------------------------------------------
  // At most one check is in flight; edits made meanwhile are checked together
  // as soon as it returns, so the verdict always catches up with the newest map.
  S.box = "retail";
  S.verdict = null;
  S.latencies = [];
  let inFlight = false;
  let again = false;
  let editedAt = null;

  S.markEdit = function () { if (editedAt === null) editedAt = performance.now(); };

  S.check = async function () {
    if (!state.doc) return;
    if (inFlight) { again = true; return; }
    inFlight = true;
    again = false;
    const version = state.version;
    const since = editedAt;
    editedAt = null;
    try {
      const verdict = await S.api("/api/check", { scenario: state.doc, box: S.box, version: version });
      if (version === state.version) {
        S.verdict = verdict;
        S.emit("verdict", verdict);
        document.documentElement.setAttribute("data-verdict-version", String(version));
        if (since !== null) {
          requestAnimationFrame(() => {
            S.latencies.push({ ms: performance.now() - since, server: verdict.ms });
            if (S.latencies.length > 1000) S.latencies.shift();
          });
        }
      } else if (since !== null) {
        editedAt = since; // not shown: the oldest edit still waits for its verdict
      }
    } catch (e) {
      S.emit("notice", "Cannot check the map: " + e.message);
    } finally {
      inFlight = false;
      if (again || version !== state.version) S.check();
    }
  };
})();
