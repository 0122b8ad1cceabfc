/* pachaprint table, part 3: everything beside the board. The choices of the person to play
   (buttons carrying the engine's data-action codes: enter, retrieve, divine, offer, pass,
   the Otoma pawn to move, the tile to spend, the hand that gives a tile; and the Otoma pawn
   to place, whose start cell the board then offers), the turn, scores, log, replay
   controls, and the two dialogs (a new game; saving and opening games). */
"use strict";

(function () {
  const T = window.Table;
  const P = (T.panels = {});
  const $ = T.$;
  let offerChoice = null;  // levels chosen to offer, or null for "all of them"
  let offerMoment = -1;

  function actionButton(action, text, className) {
    const button = T.make("button", className || "", text);
    button.type = "button";
    button.dataset.action = String(action.code);
    button.title = action.text;
    return button;
  }

  // -- the choices of the person to play ---------------------------------------------------------
  P.choices = function (groups) {
    const table = T.current;
    const legal = table ? table.legal : [];
    const row = $("choice-buttons");
    row.replaceChildren();
    $("divine-row").hidden = true;
    $("offer-row").hidden = true;
    [...$("offer-row").querySelectorAll("button.pass")].forEach((b) => b.remove());
    $("choices").hidden = !legal.length;
    if (!legal.length) return;
    const kinds = new Set(legal.map((a) => a.kind));
    if (groups.enter.length) {
      const seat = table.seats[table.seat];
      const supply = T.make("button", "", "Bring a pawn in from your supply (E)");
      supply.type = "button";
      supply.id = "pick-supply";
      supply.dataset.select = "supply";
      supply.setAttribute("aria-pressed", String(T.selected === "supply"));
      supply.prepend(T.pawnChip(seat.colour), " ");
      row.appendChild(supply);
    }
    const picked = T.selected && T.selected !== "supply" ? T.selected : null;
    if (picked && groups.retrieve[picked]) {
      row.appendChild(actionButton(groups.retrieve[picked], "Retrieve the pawn on " + picked + " (R)"));
    }
    const eligible = Object.keys(groups.divine);
    const divineAt = picked && groups.divine[picked] ? picked : (eligible.length === 1 && !kinds.has("move") && !kinds.has("enter") ? eligible[0] : null);
    if (divineAt) {
      $("divine-row").hidden = false;
      $("divine-label").textContent = "Divine the crop under " + divineAt + ":";
      const buttons = $("divine-buttons");
      buttons.replaceChildren();
      groups.divine[divineAt].forEach((action) => {
        const button = actionButton(action, "", "level");
        button.appendChild(T.cropChip(action.level));
        button.setAttribute("aria-label", "Divine " + action.level + " (" + T.CROPS[action.level] + ") under " + divineAt);
        buttons.appendChild(button);
      });
    } else if (eligible.length && (table.phase === "divining" || table.phase === "end_divine")) {
      row.appendChild(T.make("span", "choice-label", "Pick a pawn on a tile without crop to divine under it."));
    }
    if (kinds.has("offer")) offerChoices(legal);
    legal.filter((a) => a.kind === "otoma").forEach((a) => {
      const button = actionButton(a, " Move Otoma pawn " + a.pawn + " (" + a.name + ", on " + a.cell + ")");
      button.prepend(T.pawnChip(a.colour));
      row.appendChild(button);
    });
    Object.entries(groups.place).forEach(([pawn, actions]) => {
      const first = actions[0];
      const button = T.make("button", "", " Place Otoma pawn " + pawn + " (" + first.name + ")");
      button.type = "button";
      button.dataset.select = "otoma-" + pawn;
      button.setAttribute("aria-pressed", String(T.selected === "otoma-" + pawn));
      button.prepend(T.pawnChip(first.colour));
      row.appendChild(button);
    });
    if (Object.keys(groups.place).length) {
      row.appendChild(T.make("span", "choice-label", "Then pick the start cell it starts on."));
    }
    legal.filter((a) => a.kind === "hand").forEach((a) => {
      const button = actionButton(a, " From the hand of " + a.name + " (holds " + a.held + ")");
      button.prepend(T.terrainChip(a.terrain));
      row.appendChild(button);
    });
    legal.filter((a) => a.kind === "spend").forEach((a) => {
      const arrow = a.arrow ? " (arrow " + a.arrow + ")" : "";
      const button = actionButton(a, " Spend a " + T.TERRAINS[a.terrain].toLowerCase() + " tile" + arrow);
      button.prepend(T.terrainChip(a.terrain));
      row.appendChild(button);
    });
    legal.filter((a) => a.kind === "pass").forEach((a) => {
      const words = { offer: "Keep my tokens", final_offer: "Keep my tokens", end_divine: "Pass (for good)" };
      const button = actionButton(a, (words[table.phase] || "Pass") + " (P)", "pass");
      if (kinds.has("offer")) $("offer-row").appendChild(button);
      else row.appendChild(button);
    });
    if (kinds.has("move") && !picked && T.selected !== "supply") {
      row.appendChild(T.make("span", "choice-label", "Or pick a pawn on the board to move it."));
    }
    markPrimary();
  };

  /** The primary button is never a move that only loses: an offer that scores nothing
      gives tokens away for no point, so then keeping them is the primary choice. */
  function markPrimary() {
    const offer = $("offer");
    const gains = offer.dataset.action !== undefined && Number(offer.dataset.points) > 0;
    offer.classList.toggle("primary", gains);
    const keep = $("offer-row").querySelector("button.pass");
    if (keep) keep.classList.toggle("primary", !gains);
  }

  function offerChoices(legal) {
    const offers = legal.filter((a) => a.kind === "offer");
    const held = offers.reduce((all, a) => (a.tokens.length > all.length ? a.tokens : all), []);
    if (offerMoment !== T.current.moment) { offerChoice = new Set(held); offerMoment = T.current.moment; }
    $("offer-row").hidden = false;
    const tokens = $("offer-tokens");
    tokens.replaceChildren();
    held.forEach((level) => {
      const button = T.make("button", "level token");
      button.type = "button";
      button.setAttribute("aria-pressed", String(offerChoice.has(level)));
      button.setAttribute("aria-label", "Token " + level + " (" + T.CROPS[level] + ")");
      button.appendChild(T.cropChip(level));
      button.addEventListener("click", () => {
        if (offerChoice.has(level)) offerChoice.delete(level); else offerChoice.add(level);
        offerChoices(legal);
      });
      tokens.appendChild(button);
    });
    const chosen = [...offerChoice].sort().join(",");
    const action = offers.find((a) => a.tokens.join(",") === chosen);
    const button = $("offer");
    if (action) {
      button.dataset.action = String(action.code);
      button.dataset.points = String(action.points);
      button.disabled = false;
      const count = action.tokens.length;
      button.textContent = "Offer " + count + " token" + (count === 1 ? "" : "s") + " (+" + action.points + ") (O)";
    } else {
      delete button.dataset.action;
      delete button.dataset.points;
      button.disabled = true;
      button.textContent = "Choose tokens to offer";
    }
    markPrimary();
  }

  // -- the turn, the scores, the log -------------------------------------------------------------------
  P.turn = function (table) {
    const turn = $("turn");
    const chip = $("turn-chip");
    if (table.over) {
      delete turn.dataset.seat;
      delete document.documentElement.dataset.seat;
      chip.replaceChildren();
      $("turn-name").textContent = "The game is over";
      $("turn-prompt").textContent = table.summary;
      return;
    }
    const seat = table.seats[table.seat];
    turn.dataset.seat = String(table.seat);
    document.documentElement.dataset.seat = String(table.seat);
    chip.replaceChildren(T.pawnChip(seat.colour));
    $("turn-name").textContent = seat.name + " to play";
    let prompt = table.prompt;
    if (!table.live) prompt = "Replay: " + prompt;
    else if (table.to_play !== "human") prompt = "The bot decides: " + prompt;
    $("turn-prompt").textContent = prompt;
  };

  P.scores = function (table) {
    const body = $("scores");
    body.replaceChildren();
    table.accounts.forEach((account) => {
      const row = T.make("tr");
      const name = T.make("th");
      name.scope = "row";
      name.append(T.pawnChip(account.colour), " " + account.name);
      // a score that did not start at 0 says why, where it is shown
      if (account.start) name.append(T.make("small", "score-start", account.start));
      row.appendChild(name);
      row.appendChild(T.make("td", "score", String(account.score)));
      const tokens = T.make("td", "tokens");
      account.tokens.forEach((level) => tokens.appendChild(T.cropChip(level)));
      if (!account.tokens.length) tokens.textContent = "no token";
      row.appendChild(tokens);
      body.appendChild(row);
    });
  };

  P.log = function (table) {
    const log = $("log");
    if (log.childElementCount === table.log.length && log.dataset.moment === String(table.moment)) return;
    log.replaceChildren(...table.log.map((line) => T.make("li", "", line)));
    log.dataset.moment = String(table.moment);
    log.scrollTop = log.scrollHeight;
  };

  P.replay = function (table) {
    const position = table.position;
    $("back").disabled = position.shown === 0;
    $("to-start").disabled = position.shown === 0;
    $("to-end").disabled = table.live;
    $("next").disabled = table.live && (table.over || table.to_play === "human");
    // in a live game the bots play by themselves unless paused: nothing to run without a bot
    const still = table.live && (table.over || table.seats.every((s) => s.kind === "human"));
    $("run").disabled = still;
    $("run").textContent = T.running && !still ? "Pause" : "Play \u25B6";
    let words = "Decision " + position.shown + " of " + position.known;
    words += table.live ? (table.over ? "; the game is over." : "; the game goes on from here.") : "; a replay: Next steps on.";
    $("position").textContent = words;
    $("undo").disabled = !table.undo.possible;
    $("undo").title = table.undo.possible ? "Take back your last decision (U)" : "Undo: " + table.undo.why_not;
  };

  P.header = function (table) {
    $("disc-name").textContent = table.scenario.name;
    const parts = [table.mode === "coop" ? "co-op" : table.mode];
    if (table.difficulty) parts.push(table.difficulty);
    parts.push(table.seats.map((s) => s.kind).join(", "));
    $("game-line").textContent = parts.join(" \u00B7 ");
  };

  // -- the dialogs ---------------------------------------------------------------------------------------
  P.openSetup = function () {
    const setup = T.setup;
    const table = T.current;
    const modes = $("mode-field");
    [...modes.querySelectorAll("label")].forEach((el) => el.remove());
    setup.modes.forEach((mode) => {
      const label = T.make("label", "radio");
      const input = T.make("input");
      input.type = "radio";
      input.name = "mode";
      input.value = mode;
      input.checked = mode === table.mode;
      input.addEventListener("change", () => setupMode(mode));
      label.append(input, " " + setup.headings[mode]);
      modes.appendChild(label);
    });
    $("colour").replaceChildren(...setup.colours.map((c) => new Option(c, c)));
    setupMode(table.mode, table.seats.map((s) => s.kind));
    $("seed").value = "";
    $("setup-error").textContent = "";
    $("setup-dialog").showModal();
  };

  function setupMode(mode, kinds) {
    const setup = T.setup;
    const levels = setup.difficulties[mode];
    $("difficulty-label").hidden = !levels.length;
    $("difficulty").replaceChildren(...levels.map((l) => new Option(l, l)));
    if (levels.length) $("difficulty").value = setup.default_difficulty[mode];
    if (T.current && T.current.mode === mode && T.current.difficulty) $("difficulty").value = T.current.difficulty;
    $("colour-label").hidden = !setup.colour_modes.includes(mode);
    const counts = setup.seats[mode];
    const count = $("seat-count");
    count.replaceChildren(...counts.map((n) => new Option(String(n), String(n))));
    const wanted = kinds && counts.includes(kinds.length) ? kinds.length : counts[0];
    count.value = String(wanted);
    count.disabled = counts.length === 1;
    seatList(Number(count.value), kinds || []);
  }

  function seatList(count, kinds) {
    const list = $("seat-list");
    const old = [...list.querySelectorAll("select")].map((s) => s.value);
    list.replaceChildren();
    for (let seat = 0; seat < count; seat++) {
      const label = T.make("label", "", (count === 1 ? "You" : "Seat " + (seat + 1)) + " ");
      const select = T.make("select");
      select.id = "seat-" + seat;
      T.setup.players.forEach((p) => select.appendChild(new Option(p === "human" ? "a person" : "bot: " + p, p)));
      select.value = kinds[seat] || old[seat] || (seat === 0 ? "human" : "logician");
      label.appendChild(select);
      list.appendChild(label);
    }
  }

  async function startGame(event) {
    event.preventDefault();
    const mode = (document.querySelector('input[name="mode"]:checked') || {}).value || "competitive";
    const seats = [...$("seat-list").querySelectorAll("select")].map((s) => s.value);
    const seedText = $("seed").value.trim();
    if (seedText && !/^\d{1,15}$/.test(seedText)) {
      $("setup-error").textContent = "The seed is a whole number (or leave it empty for a fresh one).";
      return;
    }
    const body = {
      mode: mode, seats: seats, seed: seedText ? Number(seedText) : null,
      difficulty: $("difficulty-label").hidden ? null : $("difficulty").value,
      colour: mode === "solo" ? $("colour").value : null,
    };
    try {
      const answer = await T.api("/api/new", body);
      $("setup-dialog").close();
      T.emit("answer", answer);
    } catch (e) {
      $("setup-error").textContent = e.message;
    }
  }

  P.openGames = async function () {
    $("games-error").textContent = "";
    try {
      const answer = await T.api("/api/saves");
      $("games-folder").textContent = answer.folder;
      $("save-name").value = answer.fresh;
      const list = $("saves");
      list.replaceChildren();
      if (!answer.saves.length) list.appendChild(T.make("li", "note", "No saved game in this folder yet."));
      answer.saves.forEach((save) => {
        const item = T.make("li");
        const open = T.make("button", "", "Open");
        open.type = "button";
        open.dataset.file = save.file;
        open.addEventListener("click", () => openGame(save.file));
        const words = save.file + ": " + save.scenario + ", " + save.mode + ", " + save.seats.join(", ") +
          ", " + save.decisions + " actions" + (save.over ? ", finished" : ", unfinished");
        item.append(open, " ", T.make("span", "", words));
        list.appendChild(item);
      });
      if (!$("games-dialog").open) $("games-dialog").showModal();
    } catch (e) {
      T.status(e.message, "error");
    }
  };

  async function openGame(file) {
    try {
      const answer = await T.api("/api/open", { file: file });
      $("games-dialog").close();
      T.running = answer.table.live;
      T.emit("answer", answer);
      T.status("Opened " + file + (answer.table.live ? ": play on." : ": a replay, press Play or Next."), "ok");
    } catch (e) {
      $("games-error").textContent = e.message;
    }
  }

  async function downloadGame() {
    try {
      const response = await T.server.response("/api/download", { moment: T.current.moment });
      const disposition = response.headers.get("Content-Disposition") || "";
      const match = /filename="([^"]+)"/.exec(disposition);
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = match ? match[1] : "game.json";
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(link.href), 10000);
      T.status("Downloaded " + link.download + ".", "ok");
    } catch (e) {
      $("games-error").textContent = e.message;
    }
  }

  async function openGameFile() {
    const input = $("open-game-file");
    const picked = input.files && input.files[0];
    input.value = "";
    if (!picked) return;
    try {
      const answer = await T.api("/api/open", { file: picked.name, text: await picked.text() });
      $("games-dialog").close();
      T.running = answer.table.live;
      T.emit("answer", answer);
      T.status("Opened " + picked.name + (answer.table.live ? ": play on." : ": a replay, press Play or Next."), "ok");
    } catch (e) {
      $("games-error").textContent = e.message;
    }
  }

  async function saveGame(event) {
    event.preventDefault();
    try {
      const answer = await T.api("/api/save", { file: $("save-name").value.trim() });
      T.status("Saved as " + answer.file + ".", "ok");
      await P.openGames();
    } catch (e) {
      $("games-error").textContent = e.message;
    }
  }

  document.addEventListener("DOMContentLoaded", () => {
    $("seat-count").addEventListener("change", () => seatList(Number($("seat-count").value), []));
    $("setup-form").addEventListener("submit", startGame);
    $("setup-cancel").addEventListener("click", () => $("setup-dialog").close());
    $("save-form").addEventListener("submit", saveGame);
    $("games-close").addEventListener("click", () => $("games-dialog").close());
    $("download-game").addEventListener("click", downloadGame);
    $("open-game-file").addEventListener("change", openGameFile);
  });
})();
