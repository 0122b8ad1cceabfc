/* pachaprint digital wheel: reveals one cell's terrain (Discovery) or crop
   (Divination) at a time, like the wheel in the box. No network, no libraries.
   The answers are stored per cell, XOR-ed with a keystream seeded from the
   scenario id and the cell name (see pachaprint/render/webwheel.py): enough to
   keep a glance at the page source from spoiling the map, not a secret. */
(function () {
  "use strict";

  var DATA = JSON.parse(document.getElementById("wheel-data").textContent);

  /* ---- a disc from a share code: wheel.html#CODE ---------------------- */
  var answers = {};
  function tx(key, values) {
    return DATA.text[key].replace(/\{(\w+)\}/g, function (all, name) { return String(values[name]); });
  }
  function codeProblem(error) {
    var reason = error && error.reason ? "code_" + error.reason : "code_nodisc";
    if (!DATA.text[reason]) reason = "code_nodisc";
    var text = tx("code_problem", { reason: tx(reason, { "char": error && error.detail }) });
    if (!DATA.hosted) text += " " + tx("code_other", {});
    var box = document.getElementById("code-problem");
    box.textContent = text;
    box.hidden = false;
    document.getElementById("open-code").hidden = false;
  }
  function showHeader(disc) {
    var name = disc.name || tx("shared_name", { code: disc.code });
    var meta = [tx("meta_" + disc.size, { width: disc.width, height: 5 }),
      tx("meta_start_" + (disc.start.length === 1 || (disc.start.length === 0 && DATA.frenchPlural) ? "one" : "many"), { count: disc.start.length })];
    document.querySelector(".top h1").textContent = name;
    document.querySelector(".top .meta").textContent = meta.join(" \u00b7 ");
    document.title = name + " \u2014 " + DATA.text.title_suffix;
    var old = document.querySelector(".legend.otoma");
    if (old) old.parentNode.removeChild(old);
    if (disc.otoma) {
      var names = disc.otoma.map(function (c) { return DATA.elements[c % disc.width].letter + (Math.floor(c / disc.width) + 1); });
      var joined = names.length > 1 ? names.slice(0, -1).join(", ") + " " + DATA.text.and + " " + names[names.length - 1] : names.join("");
      var p = document.createElement("p");
      p.className = "legend otoma";
      p.textContent = tx("otoma", { cells: joined });
      document.querySelector(".board-panel").appendChild(p);
    }
    return name;
  }
  /* the page's data becomes the code's disc; the answers are the code's, in the clear */
  function adopt(disc) {
    var counts = {};
    DATA.terrainOrder.forEach(function (letter) { counts[letter] = 0; });
    DATA.id = "code-" + disc.code.replace(/-/g, "");
    DATA.size = disc.size;
    DATA.width = disc.width;
    DATA.height = 5;
    DATA.columns = DATA.elements.slice(0, disc.width);
    DATA.start = {};
    answers = {};
    for (var c = 0; c < disc.cells; c++) {
      answers[c] = { terrain: disc.terrain.charAt(c), crop: disc.crops[c] };
      counts[disc.terrain.charAt(c)] += 1;
    }
    disc.start.forEach(function (c) {
      DATA.start[DATA.columns[c % disc.width].letter + (Math.floor(c / disc.width) + 1)] = [disc.terrain.charAt(c), disc.crops[c]];
    });
    DATA.terrainOrder.forEach(function (letter) { DATA.terrains[letter].tiles = counts[letter]; });
    DATA.fingerprint = disc.code;
    DATA.hosted = false;
    DATA.name = showHeader(disc);
  }
  var hash = (window.location.hash || "").replace(/^#/, "");
  try { hash = decodeURIComponent(hash); } catch (e) { /* keep it as typed */ }
  if (hash) {
    try {
      adopt(PachaprintShareCode.decode(hash));
      document.documentElement.setAttribute("data-code", "opened");
    } catch (e) {
      codeProblem(e);
      document.documentElement.setAttribute("data-code", "refused");
    }
  }
  document.getElementById("open-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var typed = document.getElementById("code-input").value.trim();
    if (!typed) return;
    try {
      PachaprintShareCode.decode(typed);
    } catch (error) {
      codeProblem(error);
      return;
    }
    window.location.hash = typed.toUpperCase();
  });
  window.addEventListener("hashchange", function () { window.location.reload(); });
  if (DATA.hosted) {
    document.getElementById("open-code").hidden = false;
    document.querySelector("main.layout").hidden = true;
    document.documentElement.setAttribute("data-ready", "true");
    return;
  }

  var W = DATA.width, H = DATA.height;
  var STORE_KEY = "pachaprint-wheel:" + DATA.id;
  var PROGRESS_FORMAT = "pachaprint-wheel-progress/1";
  var SVGNS = "http://www.w3.org/2000/svg";

  /* ---- decoding (mirrors encode_cell in webwheel.py) ----------------- */
  function fnv1a(text) {
    var bytes = new TextEncoder().encode(text), h = 0x811c9dc5;
    for (var i = 0; i < bytes.length; i++) {
      h ^= bytes[i];
      h = Math.imul(h, 0x01000193) >>> 0;
    }
    return h;
  }
  function keystream(seed, n) {
    var a = seed >>> 0, out = [];
    for (var i = 0; i < n; i++) {
      a = (a + 0x6d2b79f5) >>> 0;
      var x = a;
      x = Math.imul(x ^ (x >>> 15), x | 1);
      x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
      out.push(((x ^ (x >>> 14)) >>> 24) & 255);
    }
    return out;
  }
  function answer(cell) {
    if (answers[cell]) return answers[cell];
    var name = cellName(cell);
    var raw = atob(DATA.cells[cell]);
    var key = keystream(fnv1a(DATA.keyPrefix + name), raw.length);
    var plain = "";
    for (var i = 0; i < raw.length; i++) plain += String.fromCharCode(raw.charCodeAt(i) ^ key[i]);
    var m = /^([a-i][1-5]):([VDFM])([1-5])$/.exec(plain);
    if (!m || m[1] !== name) throw new Error("the answer stored for " + name + " is damaged");
    return (answers[cell] = { terrain: m[2], crop: Number(m[3]) });
  }

  /* ---- texts (templates/webwheel/text.json, in the page's language) ---- */
  var TEXT = DATA.text;
  function t(key, values) {
    return TEXT[key].replace(/\{(\w+)\}/g, function (all, name) { return String(values[name]); });
  }
  function plural(key, count) {
    var one = count === 1 || (count === 0 && DATA.frenchPlural);
    return t(key + (one ? "_one" : "_many"), { count: count });
  }

  /* ---- geometry ------------------------------------------------------- */
  function cellName(cell) { return DATA.columns[cell % W].letter + DATA.rows[Math.floor(cell / W)].number; }
  function cellIndex(name) {
    for (var c = 0; c < W * H; c++) if (cellName(c) === name) return c;
    return -1;
  }
  function where(cell) {
    return t("where", { element: DATA.columns[cell % W].label, animal: DATA.rows[Math.floor(cell / W)].label });
  }

  /* ---- state ---------------------------------------------------------- */
  var startCells = {};
  Object.keys(DATA.start).forEach(function (name) { startCells[cellIndex(name)] = true; });
  var history = [];        /* [{cell: "c3", reveal: "terrain"|"crop"}] in order */
  var selected = null;     /* cell index */
  var pending = null;      /* {kind: "terrain"|"crop"|"reset", cell} awaiting confirmation */
  var lastShown = null;    /* {cell, kind: terrain|crop (just revealed) or cell (revealed before)} */
  var storageOk = true;

  function knownTerrain(cell) {
    if (startCells[cell]) return true;
    return history.some(function (h) { return h.reveal === "terrain" && cellIndex(h.cell) === cell; });
  }
  function knownCrop(cell) {
    if (startCells[cell]) return true;
    return history.some(function (h) { return h.reveal === "crop" && cellIndex(h.cell) === cell; });
  }

  function load() {
    var text = null;
    try { text = window.localStorage.getItem(STORE_KEY); } catch (e) { storageRefused(); }
    if (!text) return;
    try {
      var saved = JSON.parse(text);
      if (saved.format !== PROGRESS_FORMAT || saved.fingerprint !== DATA.fingerprint) {
        note(t("note_other_version"));
        return;
      }
      var seen = {};
      saved.history.forEach(function (h) {
        var c = cellIndex(h.cell), k = h.cell + "/" + h.reveal;
        if (c < 0 || startCells[c] || seen[k]) return;
        if (h.reveal === "crop" && !knownTerrain(c)) return;
        if (h.reveal !== "terrain" && h.reveal !== "crop") return;
        seen[k] = true;
        history.push({ cell: h.cell, reveal: h.reveal });
      });
    } catch (e) {
      note(t("note_unreadable"));
    }
  }
  function save() {
    if (!storageOk) return;
    try {
      window.localStorage.setItem(STORE_KEY, JSON.stringify({
        format: PROGRESS_FORMAT, fingerprint: DATA.fingerprint, history: history
      }));
    } catch (e) {
      storageRefused();
    }
  }
  function storageRefused() {
    storageOk = false;
    note(t("note_refused"));
  }
  function note(text) {
    var box = document.getElementById("storage-note");
    box.textContent = text;
    box.hidden = false;
  }

  /* ---- small DOM helpers ---------------------------------------------- */
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === "class") node.className = attrs[k];
      else if (k === "text") node.textContent = attrs[k];
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (ch) { if (ch) node.appendChild(ch); });
    return node;
  }
  function sym(id, label) {
    var svg = document.createElementNS(SVGNS, "svg");
    svg.setAttribute("class", "sym");
    svg.setAttribute("viewBox", "0 0 100 100");
    if (label) { svg.setAttribute("role", "img"); svg.setAttribute("aria-label", label); }
    else svg.setAttribute("aria-hidden", "true");
    var use = document.createElementNS(SVGNS, "use");
    use.setAttribute("href", "#" + id);
    svg.appendChild(use);
    return svg;
  }
  function terrainOf(letter) { return DATA.terrains[letter]; }
  function cropOf(level) { return DATA.crops[String(level)]; }

  /* ---- building the page once ----------------------------------------- */
  var board = document.getElementById("board");
  var cellButtons = [], colHeads = [], rowHeads = [], elementPicks = [], animalPicks = [];

  function build() {
    board.style.setProperty("--cols", W);
    board.appendChild(el("div", { class: "corner", "aria-hidden": "true" }));
    DATA.columns.forEach(function (col, c) {
      var head = el("div", { class: "head element", "aria-hidden": "true", title: t("column_title", { element: col.label, letter: col.letter }) },
        [sym(col.symbol, col.label), el("span", { text: col.letter })]);
      colHeads.push(head);
      board.appendChild(head);
    });
    for (var r = 0; r < H; r++) {
      var row = DATA.rows[r];
      var head = el("div", { class: "head animal", "aria-hidden": "true", title: t("row_title", { animal: row.label, number: row.number }) },
        [sym(row.symbol, row.label), el("span", { text: String(row.number) })]);
      rowHeads.push(head);
      board.appendChild(head);
      for (var c = 0; c < W; c++) {
        var cell = r * W + c;
        var button = el("button", { type: "button", class: "cell", "data-cell": cellName(cell) });
        button.addEventListener("click", choose.bind(null, cell));
        cellButtons.push(button);
        board.appendChild(button);
      }
    }
    var pe = document.getElementById("pick-element");
    pe.style.setProperty("--n", W);
    DATA.columns.forEach(function (col, c) {
      var b = el("button", { type: "button", class: "pick element", "data-column": col.letter, "aria-pressed": "false",
        title: t("column_title", { element: col.label, letter: col.letter }) }, [sym(col.symbol, col.label), el("span", { text: col.letter })]);
      b.addEventListener("click", function () { pickColumn(c); });
      elementPicks.push(b);
      pe.appendChild(b);
    });
    var pa = document.getElementById("pick-animal");
    pa.style.setProperty("--n", H);
    DATA.rows.forEach(function (row, r) {
      var b = el("button", { type: "button", class: "pick animal", "data-row": String(row.number), "aria-pressed": "false",
        title: t("row_title", { animal: row.label, number: row.number }) }, [sym(row.symbol, row.label), el("span", { text: String(row.number) })]);
      b.addEventListener("click", function () { pickRow(r); });
      animalPicks.push(b);
      pa.appendChild(b);
    });
    document.getElementById("btn-discovery").addEventListener("click", function () { ask("terrain"); });
    document.getElementById("btn-divination").addEventListener("click", function () { ask("crop"); });
    document.getElementById("btn-confirm").addEventListener("click", confirmPending);
    document.getElementById("btn-cancel").addEventListener("click", function () { pending = null; render(); });
    document.getElementById("btn-undo").addEventListener("click", undo);
    document.getElementById("btn-reset").addEventListener("click", function () { pending = { kind: "reset" }; render(); });
    board.addEventListener("keydown", moveByKey);
    document.addEventListener("keydown", function (e) {
      if (e.key === "Escape" && pending) { pending = null; render(); }
    });
    /* another tab of the same scenario revealed or reset: follow it */
    window.addEventListener("storage", function (e) {
      if (e.key !== STORE_KEY && e.key !== null) return;
      history = [];
      pending = null;
      lastShown = null;
      load();
      render();
    });
  }

  /* arrow keys move the chosen cell (the board is one tab stop) */
  var STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function moveByKey(e) {
    var step = STEPS[e.key];
    if (!step) return;
    e.preventDefault();
    var from = selected === null ? 0 : selected;
    var col = Math.min(W - 1, Math.max(0, from % W + step[0]));
    var row = Math.min(H - 1, Math.max(0, Math.floor(from / W) + step[1]));
    choose(row * W + col);
    cellButtons[selected].focus();
  }

  /* ---- choosing a cell ------------------------------------------------ */
  var pickedColumn = null, pickedRow = null;
  function choose(cell) {
    selected = cell;
    pickedColumn = cell % W;
    pickedRow = Math.floor(cell / W);
    pending = null;
    if (knownTerrain(cell)) lastShown = { cell: cell, kind: "cell" };
    render();
  }
  function pickColumn(c) {
    pickedColumn = c;
    pickedFromPickers();
  }
  function pickRow(r) {
    pickedRow = r;
    pickedFromPickers();
  }
  function pickedFromPickers() {
    pending = null;
    if (pickedColumn !== null && pickedRow !== null) {
      choose(pickedRow * W + pickedColumn);
      return;
    }
    selected = null;
    render();
  }

  /* ---- revealing, undo, reset ----------------------------------------- */
  function ask(kind) {
    if (selected === null) return;
    if (kind === "terrain" && knownTerrain(selected)) return;
    if (kind === "crop" && (!knownTerrain(selected) || knownCrop(selected))) return;
    pending = { kind: kind, cell: selected };
    render();
    document.getElementById("btn-confirm").focus();
  }
  function confirmPending() {
    if (!pending) return;
    if (pending.kind === "reset") {
      history = [];
      lastShown = null;
      pending = null;
      try { if (storageOk) window.localStorage.removeItem(STORE_KEY); } catch (e) { storageRefused(); }
      render();
      return;
    }
    var cell = pending.cell, kind = pending.kind;
    pending = null;
    history.push({ cell: cellName(cell), reveal: kind });
    lastShown = { cell: cell, kind: kind };
    save();
    render();
  }
  function undo() {
    if (!history.length) return;
    var last = history.pop();
    var cell = cellIndex(last.cell);
    pending = null;
    lastShown = null;
    selected = cell;
    pickedColumn = cell % W;
    pickedRow = Math.floor(cell / W);
    save();
    render();
  }

  /* ---- counting the supply -------------------------------------------- */
  function supplyLeft() {
    var left = {};
    DATA.terrainOrder.forEach(function (letter) { left[letter] = DATA.terrains[letter].tiles; });
    for (var c = 0; c < W * H; c++) if (knownTerrain(c)) left[answer(c).terrain] -= 1;
    return left;
  }

  /* ---- drawing the state ---------------------------------------------- */
  function describe(cell) {
    var parts = [];
    if (knownTerrain(cell)) parts.push(t("terrain_part", { name: terrainOf(answer(cell).terrain).name }));
    if (knownCrop(cell)) {
      var a = answer(cell);
      parts.push(t("crop_lower", { level: a.crop, name: cropOf(a.crop).name }));
    }
    return parts.length ? parts.join(", ") : t("not_revealed");
  }
  function drawCell(cell) {
    var b = cellButtons[cell];
    while (b.firstChild) b.removeChild(b.firstChild);
    var hasTerrain = knownTerrain(cell), hasCrop = knownCrop(cell);
    b.className = "cell";
    b.removeAttribute("data-terrain");
    b.removeAttribute("data-crop");
    b.appendChild(el("span", { class: "name", text: cellName(cell) }));
    if (hasTerrain) {
      var a = answer(cell), info = terrainOf(a.terrain);
      b.classList.add("known", "t-" + a.terrain);
      b.setAttribute("data-terrain", a.terrain);
      b.appendChild(el("span", { class: "terrain" }, [sym(info.symbol)]));
      if (hasCrop) {
        var crop = cropOf(a.crop);
        b.classList.add("has-crop");
        b.setAttribute("data-crop", String(a.crop));
        b.appendChild(el("span", { class: "crop c-" + a.crop }, [sym(crop.symbol), el("span", { text: String(a.crop) })]));
      }
    }
    if (startCells[cell]) b.classList.add("start");
    if (cell === selected) b.classList.add("selected");
    b.tabIndex = cell === (selected === null ? 0 : selected) ? 0 : -1;
    if (cell === selected) b.setAttribute("aria-current", "true");
    else b.removeAttribute("aria-current");
    b.setAttribute("aria-label", cellName(cell) + ": " + describe(cell) + (startCells[cell] ? " " + t("start_cell_note") : "") + " (" + where(cell) + ")");
  }
  function drawSelection() {
    var s = document.getElementById("selection");
    while (s.firstChild) s.removeChild(s.firstChild);
    if (selected === null) {
      var missing = t(pickedColumn === null && pickedRow === null ? "choose_hint"
        : pickedColumn === null ? "pick_element_next" : "pick_animal_next");
      s.appendChild(document.createTextNode(missing));
      return;
    }
    /* what the cell holds first (its terrain, never the column's element), then where it is */
    s.appendChild(el("strong", { text: cellName(selected) }));
    s.appendChild(document.createTextNode(" \u2014 " + describe(selected) +
      (startCells[selected] ? " " + t("start_cell_note") : "") + " (" + where(selected) + ")"));
  }
  function drawActions() {
    var disc = document.getElementById("btn-discovery"), div = document.getElementById("btn-divination");
    var none = selected === null;
    disc.disabled = none || knownTerrain(selected);
    div.disabled = none || !knownTerrain(selected) || knownCrop(selected);
    var here = none ? {} : { cell: cellName(selected) };
    disc.title = t(none ? "no_cell" : knownTerrain(selected) ? "terrain_known" : "reveal_terrain_title", here);
    div.title = t(none ? "no_cell" : !knownTerrain(selected) ? "discover_first" : knownCrop(selected) ? "crop_known" : "reveal_crop_title", here);
    var box = document.getElementById("confirm");
    box.hidden = !pending;
    if (pending) {
      var text = document.getElementById("confirm-text"), ok = document.getElementById("btn-confirm");
      if (pending.kind === "reset") {
        text.textContent = plural("confirm_reset", history.length);
        ok.textContent = t("ok_reset");
      } else {
        var n = cellName(pending.cell);
        text.textContent = t(pending.kind === "terrain" ? "confirm_terrain" : "confirm_crop", { cell: n, where: where(pending.cell) });
        ok.textContent = t(pending.kind === "terrain" ? "ok_terrain" : "ok_crop", { cell: n });
      }
    }
    var undoButton = document.getElementById("btn-undo");
    undoButton.disabled = !history.length;
    if (history.length) {
      var h = history[history.length - 1];
      undoButton.textContent = t(h.reveal === "terrain" ? "undo_terrain" : "undo_crop", { cell: h.cell });
    } else {
      undoButton.textContent = t("undo_none");
    }
    document.getElementById("btn-reset").disabled = !history.length;
  }
  function terrainFace(letter) {
    var info = terrainOf(letter);
    return el("div", { class: "face t-" + letter }, [sym(info.symbol, info.name)]);
  }
  function cropFace(level) {
    var crop = cropOf(level);
    return el("div", { class: "face crop c-" + level }, [sym(crop.symbol, crop.name), el("span", { text: String(level) })]);
  }
  function drawWindow() {
    var w = document.getElementById("window");
    while (w.firstChild) w.removeChild(w.firstChild);
    w.className = "window";
    w.removeAttribute("data-cell");
    w.removeAttribute("data-kind");
    if (!lastShown) {
      w.classList.add("empty");
      w.appendChild(document.createTextNode(t("window_empty")));
      return;
    }
    var cell = lastShown.cell, a = answer(cell), n = cellName(cell), faces = [], what, text;
    var terrainText = t("terrain_with_letter", { name: terrainOf(a.terrain).name, letter: a.terrain });
    var crop = { level: a.crop, name: cropOf(a.crop).name };
    if (lastShown.kind === "terrain") {
      faces.push(terrainFace(a.terrain));
      what = t("window_terrain", { cell: n });
      text = terrainText;
    } else if (lastShown.kind === "crop") {
      faces.push(cropFace(a.crop));
      what = t("window_crop", { cell: n });
      text = t("crop_upper", crop);
    } else {
      faces.push(terrainFace(a.terrain));
      if (knownCrop(cell)) faces.push(cropFace(a.crop));
      what = t(startCells[cell] ? "window_start" : "window_earlier", { cell: n });
      text = terrainText + (knownCrop(cell) ? ", " + t("crop_lower", crop) : "");
    }
    faces.forEach(function (f) { w.appendChild(f); });
    w.appendChild(el("div", { class: "text" }, [el("div", { class: "what", text: what }), el("div", { class: "answer", text: text })]));
    w.setAttribute("data-cell", n);
    w.setAttribute("data-kind", lastShown.kind);
  }
  function drawSupply() {
    var s = document.getElementById("supply"), left = supplyLeft();
    while (s.firstChild) s.removeChild(s.firstChild);
    DATA.terrainOrder.forEach(function (letter) {
      var info = terrainOf(letter);
      s.appendChild(el("div", { class: "tile t-" + letter, "data-terrain": letter, "data-left": String(left[letter]),
        "aria-label": t("supply_label", { name: info.name, left: left[letter], total: info.tiles }) },
        [sym(info.symbol), el("span", { class: "label", text: t("terrain_with_letter", { name: info.name, letter: letter }) }),
         el("span", { class: "count", text: String(left[letter]) }), el("span", { class: "of", text: t("supply_of", { total: info.tiles }) })]));
    });
  }
  function drawLog() {
    var log = document.getElementById("log");
    while (log.firstChild) log.removeChild(log.firstChild);
    history.forEach(function (h) {
      var c = cellIndex(h.cell), a = answer(c);
      log.appendChild(el("li", { text: h.reveal === "terrain"
        ? t("log_terrain", { cell: h.cell, terrain: terrainOf(a.terrain).name })
        : t("log_crop", { cell: h.cell, level: a.crop, crop: cropOf(a.crop).name }) }));
    });
    document.getElementById("log-count").textContent = String(history.length);
  }
  function render() {
    for (var c = 0; c < W * H; c++) drawCell(c);
    colHeads.forEach(function (h, c) { h.classList.toggle("chosen", c === pickedColumn); });
    rowHeads.forEach(function (h, r) { h.classList.toggle("chosen", r === pickedRow); });
    elementPicks.forEach(function (b, c) { b.setAttribute("aria-pressed", c === pickedColumn ? "true" : "false"); });
    animalPicks.forEach(function (b, r) { b.setAttribute("aria-pressed", r === pickedRow ? "true" : "false"); });
    drawSelection();
    drawActions();
    drawWindow();
    drawSupply();
    drawLog();
  }

  build();
  load();
  render();
  document.documentElement.setAttribute("data-ready", "true");
})();
