/* pachaprint table, part 4: the game loop. Show the table the server answers, play the story
   of each decision at the chosen pace, let the bots (and a replay) go on by themselves
   unless paused, send a person's clicks and keys as the engine's action codes.
   <html data-busy="true"> while a request or a story is under way, data-moment names
   the table shown (the tests wait on both). */
"use strict";

(function () {
  const T = window.Table;
  const $ = T.$;
  T.current = null;
  T.busy = true;
  T.running = true;
  let generation = 0;   // a newer answer cancels the pending bot step of an older one

  function setBusy(busy) {
    T.busy = busy;
    document.documentElement.dataset.busy = String(busy);
  }

  function pace() { return Number($("speed").value); }

  function render(table) {
    T.current = table;
    document.documentElement.dataset.moment = String(table.moment);
    document.documentElement.dataset.mode = table.mode;
    T.panels.header(table);
    T.panels.turn(table);
    T.panels.scores(table);
    T.panels.log(table);
    T.panels.replay(table);
    T.picture($("score-picture").querySelector(".layer"), table.pictures.score);
    T.picture($("diversity-picture").querySelector(".layer"), table.pictures.diversity);
    T.picture($("supplies-picture").querySelector(".layer"), table.pictures.supplies);
    T.board.render(table);
  }

  async function playStory(story) {
    T.board.clearStory();
    $("story-text").textContent = "";
    const wait = pace();
    for (const step of story) {
      $("story-text").textContent = step.text;
      T.board.drawStep(step);
      if (wait) await T.sleep(wait);
    }
    if (story.length) T.board.fadeStory();
  }

  /** Show an answer {story, table}: the table after the decision, then its story. */
  async function handle(answer) {
    const mine = ++generation;
    setBusy(true);
    T.selected = null;
    render(answer.table);
    await playStory(answer.story || []);
    if (mine !== generation) return;
    setBusy(false);
    schedule();
  }
  T.on("answer", handle);

  async function send(path, body) {
    if (T.busy) return;
    setBusy(true);
    try {
      const answer = await T.api(path, Object.assign({ moment: T.current.moment }, body || {}));
      T.status("");
      await handle(answer);
    } catch (e) {
      T.status(e.message, "error");
      if (e.status === 409) {
        try { render(await T.api("/api/table")); } catch (ignored) { /* the message says enough */ }
      }
      setBusy(false);
    }
  }

  T.on("act", (code) => send("/api/act", { action: code }));
  T.on("selection", (groups) => T.panels.choices(groups));

  /** Let a bot (or the replay) go on by itself, after a pause to look. */
  function schedule() {
    const table = T.current;
    if (!table || !T.running || table.over && table.live) return;
    if (table.live && table.to_play === "human") return;
    const mine = generation;
    setTimeout(() => {
      if (mine === generation && T.running && !T.busy) send("/api/step");
    }, Math.min(pace(), 600));
  }

  function toggleRun() {
    T.running = !T.running;
    T.panels.replay(T.current);
    if (T.running) schedule();
  }

  // -- the person's clicks and keys -----------------------------------------------------------------
  function clickAction(selector) {
    const el = document.querySelector(selector);
    if (el && !el.disabled && !el.closest("[hidden]")) el.click();
  }

  function onKey(event) {
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.target.closest("input, select, textarea, dialog")) return;
    const key = event.key.toLowerCase();
    if (key === "escape") { T.board.select(null); return; }
    if (/^[1-5]$/.test(key)) {
      const buttons = [...$("divine-buttons").querySelectorAll("button")];
      const found = buttons.find((b) => b.textContent.includes(key));
      if (found && !$("divine-row").hidden) { event.preventDefault(); found.click(); }
      return;
    }
    const keys = {
      e: "#pick-supply", p: "#choices button.pass", o: "#offer", u: "#undo", n: "#next", b: "#back",
    };
    if (key === "r") {
      const retrieve = [...$("choice-buttons").querySelectorAll("button")].find((b) => b.textContent.startsWith("Retrieve"));
      if (retrieve) { event.preventDefault(); retrieve.click(); }
    } else if (keys[key]) {
      event.preventDefault();
      clickAction(keys[key]);
      if (key === "e") T.board.focus();
    }
  }

  document.addEventListener("DOMContentLoaded", async () => {
    const speed = /speed=(\d+)/.exec(location.hash);
    if (speed) $("speed").value = [...$("speed").options].some((o) => o.value === speed[1]) ? speed[1] : "900";
    $("choices").addEventListener("click", (event) => {
      const button = event.target.closest("button");
      if (!button || T.busy) return;
      if (button.dataset.action !== undefined) T.emit("act", Number(button.dataset.action));
      else if (button.dataset.select) T.board.select(button.dataset.select);
    });
    $("undo").addEventListener("click", () => send("/api/undo"));
    $("next").addEventListener("click", () => send("/api/step"));
    $("back").addEventListener("click", () => { T.running = false; send("/api/back"); });
    $("to-start").addEventListener("click", () => { T.running = false; send("/api/jump", { to: "start" }); });
    $("to-end").addEventListener("click", () => send("/api/jump", { to: "end" }));
    $("run").addEventListener("click", toggleRun);
    $("board-zoom").addEventListener("click", () => {
      const whole = document.querySelector(".board-frame").classList.toggle("whole");
      $("board-zoom").setAttribute("aria-pressed", String(whole));
    });
    $("new-game").addEventListener("click", () => T.panels.openSetup());
    $("games").addEventListener("click", () => T.panels.openGames());
    document.addEventListener("keydown", onKey);
    $("disc-form").addEventListener("submit", (event) => {
      event.preventDefault();
      const code = $("disc-code").value.trim();
      if (code) openDisc(code);
    });
    const code = hashCode();
    if (window.Pachaprint.site && code) await openDisc(code);
    else await begin(false);
  });

  /** The share code in the address (table.html#CODE; settings such as speed=0 after a "&"). */
  function hashCode() {
    const words = location.hash.slice(1).split("&").filter((w) => w && w.indexOf("=") < 0);
    return words.length ? decodeURIComponent(words[0]) : "";
  }

  /** Put a disc on the table from its share code, then offer the setup form. */
  async function openDisc(code) {
    let opened;
    try {
      opened = await T.api("/api/disc", { code: code });
    } catch (e) {
      $("disc-error").textContent = "That disc did not open: " + e.message;
      $("disc-form").hidden = false;
      T.status(e.message, "error");
      return;
    }
    $("disc-form").hidden = true;
    $("disc-error").textContent = "";
    await begin(true, opened.table);
  }

  /** Show the disc's boards and the game (`table`, or the server's table when none is given);
      `setup`: open the setup form too. */
  async function begin(setup, table) {
    try {
      T.setup = await T.api("/api/setup");
    } catch (e) {
      if (e.status === 404) {
        $("disc-form").hidden = false;
        setBusy(false);
      }
      T.status(e.message, "error");
      return;
    }
    try {
      T.board.showBase(T.setup.bases.board);
      T.picture($("score-picture").querySelector(".base"), T.setup.bases.score);
      T.picture($("diversity-picture").querySelector(".base"), T.setup.bases.diversity);
      if (!table) table = await T.api("/api/table");
      T.running = table.live;
      render(table);
      setBusy(false);
      T.status("");
      if (setup) T.panels.openSetup();
      else schedule();
    } catch (e) {
      T.status(e.message, "error");
    }
  }
})();
