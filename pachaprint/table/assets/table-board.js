/* pachaprint table, part 2: the board. The server draws it; this part lights up what the
   person to play may click (from the engine's legal actions), moves a keyboard cursor
   round the cells, and draws the story of a decision (arrows, paths, points) over it.
   A cell the seat may click to act carries data-action (the engine's action code); a
   pawn it may pick up carries data-select. */
"use strict";

(function () {
  const T = window.Table;
  const B = (T.board = {});
  const picture = () => T.$("board-picture");
  let cells = {};          // cell name -> its target <g data-hit>
  let order = [];          // cell names in reading order
  let cursor = null;       // the cell the keyboard is on
  T.selected = null;       // a cell name (a pawn picked up), "supply", or null

  // -- pictures ----------------------------------------------------------------------------
  B.showBase = function (markup) {
    const base = T.picture(picture().querySelector(".base"), markup);
    const story = picture().querySelector("svg.story");
    const box = base.getAttribute("viewBox").split(/\s+/).map(Number);
    story.setAttribute("viewBox", box.join(" "));
    // the whole board, the turn above it and the choices below it fit one screen
    picture().style.maxWidth = "calc((100vh - 290px) * " + (box[2] / box[3]).toFixed(4) + ")";
    viewWidth = box[2];
    const defs = T.svg("defs");
    const marker = T.svg("marker", {
      id: "story-arrow", viewBox: "0 0 10 10", refX: "7", refY: "5",
      markerWidth: "4", markerHeight: "4", orient: "auto-start-reverse",
    });
    marker.appendChild(T.svg("path", { d: "M0 0L10 5L0 10Z", class: "story-head" }));
    defs.appendChild(marker);
    story.replaceChildren(defs);
  };

  let viewWidth = 0;
  /** On a phone the board is drawn large enough for a finger: a cell at least
      FINGER px across, the board scrolling sideways (or whole, if the person asks). */
  const FINGER = 48;

  function fitFinger(layer) {
    const first = layer.querySelector("g[data-hit] > rect");
    if (!first || !viewWidth) return;
    const cell = Number(first.getAttribute("width"));
    picture().style.setProperty("--finger-width", Math.ceil(FINGER * viewWidth / cell) + "px");
  }

  B.render = function (table) {
    const layer = T.picture(picture().querySelector(".layer"), table.pictures.board);
    fitFinger(layer);
    cells = {};
    order = [];
    layer.querySelectorAll("g[data-hit]").forEach((g) => {
      const name = g.dataset.cell;
      cells[name] = g;
      order.push(name);
      g.setAttribute("tabindex", "-1");
      g.setAttribute("role", "button");
      g.dataset.label = describe(table, name);
    });
    if (!cursor || !cells[cursor]) cursor = order[0];
    cells[cursor].setAttribute("tabindex", "0");
    B.mark();
  };

  function describe(table, name) {
    const cell = table.cells.find((c) => c.cell === name) || {};
    const parts = [name];
    if (cell.terrain) parts.push(T.TERRAINS[cell.terrain].toLowerCase());
    else parts.push("no tile yet");
    if (cell.crop) parts.push("crop " + cell.crop + " (" + T.CROPS[cell.crop] + ")");
    if (cell.arrow) parts.push(cell.arrow.colour + " arrow " + cell.arrow.direction);
    if (cell.otoma) parts.push("Otoma pawn " + cell.otoma + " (" + cell.pawn + ")");
    else if (cell.pawn) parts.push(cell.pawn + " pawn");
    return parts.join(", ");
  }

  // -- what the person to play may click -------------------------------------------------------
  /** The legal actions grouped for the board. */
  B.groups = function (legal) {
    const g = { moves: {}, enter: [], retrieve: {}, divine: {}, otoma: [], place: {}, pick: new Set() };
    legal.forEach((a) => {
      if (a.kind === "move") { (g.moves[a.from] = g.moves[a.from] || []).push(a); g.pick.add(a.from); }
      else if (a.kind === "enter") g.enter.push(a);
      else if (a.kind === "retrieve") { g.retrieve[a.cell] = a; g.pick.add(a.cell); }
      else if (a.kind === "divine") { (g.divine[a.cell] = g.divine[a.cell] || []).push(a); g.pick.add(a.cell); }
      else if (a.kind === "otoma") g.otoma.push(a);
      else if (a.kind === "place") (g.place[a.pawn] = g.place[a.pawn] || []).push(a);
    });
    return g;
  };

  B.mark = function () {
    const table = T.current;
    Object.values(cells).forEach((g) => {
      delete g.dataset.action;
      delete g.dataset.select;
      delete g.dataset.state;
    });
    if (!table) return;
    const groups = B.groups(table.legal);
    const placing = Object.keys(groups.place);  // Otoma pawns to place: one is always picked
    const pawn = T.selected && T.selected.startsWith("otoma-") ? T.selected.slice(6) : null;
    if (placing.length && !(pawn && groups.place[pawn])) T.selected = "otoma-" + placing[0];
    else if (!placing.length && pawn) T.selected = null;
    if (T.selected && T.selected !== "supply" && !T.selected.startsWith("otoma-") && !groups.pick.has(T.selected)) T.selected = null;
    if (T.selected === "supply" && !groups.enter.length) T.selected = null;
    groups.pick.forEach((name) => {
      if (!cells[name]) return;
      cells[name].dataset.select = "pawn";
      cells[name].dataset.state = "selectable";
    });
    let targets = [];
    if (T.selected === "supply") targets = groups.enter;
    else if (T.selected && T.selected.startsWith("otoma-")) targets = groups.place[T.selected.slice(6)] || [];
    else if (T.selected) {
      targets = groups.moves[T.selected] || [];
      cells[T.selected].dataset.state = "selected";
    }
    targets.concat(groups.otoma).forEach((a) => {
      const g = cells[a.to || a.cell];
      if (!g) return;
      g.dataset.action = String(a.code);
      g.dataset.state = "target";
    });
    // what the outline and the ring show, said in words too (a screen reader hears the state)
    Object.values(cells).forEach((g) => {
      g.setAttribute("aria-label", g.dataset.label + (STATE_WORDS[g.dataset.state] || ""));
    });
    T.emit("selection", groups);
  };

  const STATE_WORDS = {
    selectable: "; a pawn you may pick (Enter)",
    selected: "; the picked pawn (Enter lets go)",
    target: "; a legal choice (Enter takes it)",
  };

  B.select = function (what) {
    T.selected = T.selected === what ? null : what;
    B.mark();
  };

  function activate(g) {
    if (!g) return;
    if (T.busy) return;
    if (g.dataset.action !== undefined) T.emit("act", Number(g.dataset.action));
    else if (g.dataset.select) B.select(g.dataset.cell);
    else if (T.selected) B.select(null);
  }

  // -- the keyboard cursor ------------------------------------------------------------------------
  function moveCursor(name) {
    if (!cells[name]) return;
    if (cursor && cells[cursor]) cells[cursor].setAttribute("tabindex", "-1");
    cursor = name;
    cells[name].setAttribute("tabindex", "0");
    cells[name].focus();
  }

  const STEPS = { ArrowLeft: [-1, 0], ArrowRight: [1, 0], ArrowUp: [0, -1], ArrowDown: [0, 1] };
  function neighbour(name, key) {
    const [dc, dr] = STEPS[key];
    const column = String.fromCharCode(name.charCodeAt(0) + dc);
    const row = Number(name[1]) + dr;
    return column + row;
  }

  B.focus = function () { if (cursor && cells[cursor]) cells[cursor].focus(); };

  document.addEventListener("DOMContentLoaded", () => {
    const layer = picture().querySelector(".layer");
    layer.addEventListener("click", (event) => {
      const g = event.target.closest("g[data-hit]");
      if (g) {
        moveCursor(g.dataset.cell);
        activate(g);
      }
    });
    layer.addEventListener("keydown", (event) => {
      const g = event.target.closest("g[data-hit]");
      if (!g) return;
      if (STEPS[event.key]) {
        event.preventDefault();
        moveCursor(neighbour(g.dataset.cell, event.key));
      } else if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        event.stopPropagation();
        activate(g);
      }
    });
  });

  // -- the story of a decision ------------------------------------------------------------------------
  /** How long a told story stays over the board before it fades: it must never hide a pawn
      for longer than a moment. */
  B.MOMENT = 1500;
  let fading = null;

  B.clearStory = function () {
    const story = picture().querySelector("svg.story");
    clearTimeout(fading);
    story.classList.remove("faded");
    [...story.children].forEach((child) => { if (child.nodeName !== "defs") child.remove(); });
  };

  /** Fade the story out a moment after it was told, then take it away. */
  B.fadeStory = function () {
    const story = picture().querySelector("svg.story");
    clearTimeout(fading);
    fading = setTimeout(() => {
      story.classList.add("faded");
      fading = setTimeout(B.clearStory, 600);
    }, B.MOMENT);
  };

  /** Draw one step: its path with an arrowhead, its cell outlined along its edge and its
      points in the cell's lower right corner, clear of the pawn (top right) and its halo. */
  B.drawStep = function (step, colour) {
    const story = picture().querySelector("svg.story");
    [...story.querySelectorAll(".story-now")].forEach((el) => el.classList.remove("story-now"));
    const group = T.svg("g", { class: "story-step story-now" });
    if (step.path && step.path.length > 1) {
      const points = step.path.map((p) => p[0].toFixed(2) + "," + p[1].toFixed(2)).join(" ");
      group.appendChild(T.svg("polyline", { points: points, class: "story-path story-casing" }));
      group.appendChild(T.svg("polyline", {
        points: points, class: "story-path story-line" + (colour ? " ink-" + colour : ""),
        "marker-end": "url(#story-arrow)",
      }));
    }
    const hit = step.cell && cells[step.cell] ? cells[step.cell].querySelector("rect") : null;
    const box = hit ? ["x", "y", "width", "height"].map((k) => Number(hit.getAttribute(k))) : null;
    if (box) {
      group.appendChild(T.svg("rect", {
        x: box[0], y: box[1], width: box[2], height: box[3], rx: 1.5, class: "story-ring",
      }));
    }
    if (step.points && box) {
      const x = box[0] + box[2] - 8.5, y = box[1] + box[3] - 5.5;
      group.appendChild(T.svg("rect", { x: x - 7.5, y: y - 4.5, width: 15, height: 9, rx: 2.5, class: "story-badge" }));
      const text = T.svg("text", { x: x, y: y + 2.2, class: "story-points", "text-anchor": "middle" });
      text.textContent = step.points;
      group.appendChild(text);
    }
    story.appendChild(group);
  };
})();
