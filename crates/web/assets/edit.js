// The editor: a maze painted square by square, checked by the generator's own rules after
// every stroke (POST /api/check), with undo and redo, locks, and suggestions around it (the
// maze's exploration job started from it, through the runs API). Text from files reaches the
// page only as text.
"use strict";

(function () {
  const page = document.querySelector(".editpage");
  if (!page) return;
  const $ = (id) => document.getElementById(id);

  // The measures the puzzle explorations offer as descriptors, until a check names them.
  let descriptors = ["min_moves", "decision_points", "dead_ends", "reachable"];

  let doc = null; // the maze being edited, as its generator writes it
  let of = null; // the job whose content it is
  let locks = new Set(); // locked squares' names
  let undos = [];
  let redos = [];
  let asked = 0; // the number of the last check asked for
  let editedAt = 0; // when the last edit was made (ms)
  let marked = new Set(); // the squares the last check names
  let checkedContent = null; // the content as the last check wrote it
  let explorer = null; // the exploration that makes suggestions around it

  function say(message) {
    $("problem").textContent = message || "";
  }

  // Mazes and dungeon maps: a board of squares painted with tools (edit-board.js).
  const grid = window.EditBoard({
    doc: () => doc,
    locks: () => locks,
    marked: () => marked,
    state: () => state(),
    commit: (before) => {
      undos.push(before);
      redos = [];
      edited();
    },
  });

  // Risk variants and portal dungeons: forms rather than a board (edit-graphs.js).
  const graphs = window.EditGraphs({
    doc: () => doc,
    marked: () => marked,
    locks: () => locks,
    // A room locked or unlocked: what suggestions keep (undone with the edits).
    lock: (name, on) => {
      undos.push(state());
      redos = [];
      if (on) locks.add(name);
      else locks.delete(name);
      page.dataset.locks = JSON.stringify([...locks].sort());
      $("undo").disabled = false;
      $("redo").disabled = true;
    },
    change: (apply, redraw) => {
      const before = state();
      apply();
      undos.push(before);
      redos = [];
      redraw();
      edited();
    },
    say,
  });

  // The editing surface of the content's kind: a board of squares, a form, or none (content
  // shown, not edited).
  function drawBoard() {
    const kind = doc.kind;
    const squares = ["chess", "chromatic", "dungeon"].includes(kind);
    $("board").hidden = !squares;
    $("boardhelp").hidden = !squares;
    $("tools").hidden = !squares;
    $("riskedit").hidden = kind !== "risk";
    $("portaledit").hidden = kind !== "portals";
    if (squares) {
      grid.drawBoard();
      return;
    }
    $("editor").classList.remove("wide");
    if (kind === "risk") graphs.drawRisk();
    if (kind === "portals") graphs.drawPortals();
  }

  const drawTools = () => grid.drawTools();
  const repaint = (name) => grid.repaint(name);

  // ---- Editing ----------------------------------------------------------------------------

  const state = () => JSON.stringify({ doc, locks: [...locks].sort() });

  function edited() {
    editedAt = performance.now();
    $("undo").disabled = undos.length === 0;
    $("redo").disabled = redos.length === 0;
    page.dataset.content = JSON.stringify(sent(doc));
    page.dataset.locks = JSON.stringify([...locks].sort());
    check();
    toRun();
  }

  // An edit made while suggestions are being searched for goes into that search: the run
  // tells it to its archive at its next batch (unless it changes a square locked when the
  // search began), and its shelf holds it or better.
  let running = null; // the suggestion run under way
  let sentEdits = 0;
  async function toRun() {
    if (!running || !doc) return;
    const id = running;
    try {
      await post(`/api/runs/${id}/inbox`, { content: sent(doc) });
      sentEdits += 1;
      page.dataset.editsSent = String(sentEdits);
    } catch (e) {
      // The run ended or stopped exploring meanwhile: the next Suggest starts from this edit.
      if (running === id) $("suggeststatus").textContent = `This edit was not sent to the search: ${e.message}`;
    }
  }

  function restore(text) {
    const saved = JSON.parse(text);
    doc = saved.doc;
    locks = new Set(saved.locks);
    drawBoard();
    edited();
  }

  $("undo").addEventListener("click", () => {
    if (!undos.length) return;
    redos.push(state());
    restore(undos.pop());
  });
  $("redo").addEventListener("click", () => {
    if (!redos.length) return;
    undos.push(state());
    restore(redos.pop());
  });
  $("clearlocks").addEventListener("click", () => {
    if (!locks.size) return;
    undos.push(state());
    redos = [];
    locks = new Set();
    drawBoard();
    edited();
  });
  $("download").addEventListener("click", () => {
    // What every command reads: for a dungeon the stocked map the last check made.
    const saved = ["dungeon", "risk", "portals", "view"].includes(doc.kind) && checkedContent ? checkedContent : sent(doc);
    const blob = new Blob([JSON.stringify(saved, null, 2) + "\n"], { type: "application/json" });
    const link = document.createElement("a");
    link.href = URL.createObjectURL(blob);
    link.download = `${{ dungeon: "stocked", risk: "variant", portals: "dungeon" }[doc.kind] || doc.kind}.json`;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(link.href), 1000);
  });

  // ---- Checking ---------------------------------------------------------------------------

  async function post(url, body) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || `The studio answered ${response.status}.`);
    return answer;
  }

  // The content as its generator reads it: a portal dungeon's file without the editor's kind.
  function sent(content) {
    if (content.kind === "view") return content.content;
    if (content.kind !== "portals") return content;
    const { kind, ...file } = content;
    return file;
  }

  async function check() {
    const number = ++asked;
    page.dataset.checked = "";
    $("verdict").textContent = "Checking…";
    let answer;
    try {
      answer = await post("/api/check", { content: sent(doc) });
    } catch (e) {
      if (number !== asked) return;
      $("verdict").textContent = "Cannot be checked";
      $("reason").textContent = e.message;
      $("measures").textContent = "";
      page.dataset.checked = String(number);
      return;
    }
    if (number !== asked) return; // a later edit's check will answer
    show(answer);
    const ms = performance.now() - editedAt;
    $("timing").textContent = `Checked in ${ms.toFixed(0)} ms from the edit (the check itself ${answer.ms.toFixed(1)} ms).`;
    page.dataset.editMs = ms.toFixed(1);
    page.dataset.checked = String(number);
  }

  function show(answer) {
    const result = answer.result;
    of = result.of;
    checkedContent = result.valid ? result.content : null;
    // Suggestions come from an exploration of the content's generator, where it has one.
    const grid = doc.kind === "chess" || doc.kind === "chromatic" || doc.kind === "dungeon";
    // A Gloomhaven scenario is not edited here, but its parts can be locked for suggestions.
    const scenario = doc.kind === "view" && of === "gloomhaven";
    explorer = result.suggest || null;
    $("suggestpanel").hidden = !(grid || scenario || doc.kind === "risk" || doc.kind === "portals") || !explorer;
    $("risklocks").hidden = doc.kind !== "risk";
    $("gloomlocks").hidden = !scenario;
    $("clearlocks").hidden = !grid && doc.kind !== "portals";
    $("diamond").hidden = result.descriptors.length === 0;
    const valid = result.valid;
    $("verdict").textContent = `${valid ? "Valid" : "Invalid"}: ${result.kind}`;
    $("verdict").className = valid ? "valid" : "invalid";
    $("reason").textContent = valid ? "" : result.problem.reason;
    const old = marked;
    marked = new Set(valid ? [] : result.problem.at || []);
    if (doc.kind === "risk" || doc.kind === "portals") {
      const rows = "#riskterritories tr[data-territory], #riskcontinents tr[data-continent], #portalrooms tr[data-room]";
      for (const row of document.querySelectorAll(rows)) {
        row.classList.toggle("marked", marked.has(row.dataset.territory || row.dataset.continent || row.dataset.room));
      }
    } else {
      for (const name of new Set([...old, ...marked])) repaint(name);
    }
    const table = $("measures");
    table.textContent = "";
    // The descriptors first, in the generator's order, then the other measures; a list (a
    // solution) folded away.
    const names = Object.keys(result.measures);
    const order = [...result.descriptors, ...names.filter((n) => !result.descriptors.includes(n))];
    for (const name of order) {
      const value = result.measures[name];
      const row = table.insertRow();
      row.dataset.measure = name;
      const th = document.createElement("th");
      th.textContent = name.replaceAll("_", " ");
      row.append(th);
      const td = row.insertCell();
      if (Array.isArray(value)) {
        const more = document.createElement("details");
        const summary = document.createElement("summary");
        summary.textContent = `${value.length} squares`;
        const list = document.createElement("span");
        list.textContent = value.join(" ");
        more.append(summary, list);
        td.append(more);
      } else {
        td.textContent = String(value);
      }
      if (result.descriptors.includes(name)) td.className = "descriptor";
    }
    if (valid && result.descriptors.length >= 2) {
      descriptors = result.descriptors;
      choices();
    }
    // Content that cannot be drawn (a map in pieces) has no picture: none is better than
    // the last one's.
    $("figure").hidden = !answer.picture;
    if (answer.picture) $("picture").src = answer.picture;
  }

  // ---- Opening ----------------------------------------------------------------------------

  async function open(document, keepLocks) {
    say("");
    let answer;
    try {
      answer = await post("/api/check", { content: document });
    } catch (e) {
      say(`This cannot be opened: ${e.message}`);
      return;
    }
    let content = answer.result.content;
    if (content && content.generator === "stocking") {
      // A stocked map is edited as its map: the stocking is made again after every edit.
      content = {
        kind: "dungeon",
        rows: content.map.rows,
        seed: content.seed,
        settings: content.settings,
        theme: content.theme.name,
      };
    }
    if (content && content.generator === "risk-design") {
      // A variant is edited as its rules and map; the designer playtests it after every change.
      content = { kind: "risk", seed: content.seed, rules: content.rules, map: content.map };
    }
    if (content && content.generator === "portals") {
      // A portal dungeon is edited as its file: each room's portals.
      content = { ...content, kind: "portals" };
    }
    if (!content || !["chess", "chromatic", "dungeon", "risk", "portals"].includes(content.kind)) {
      // Content the editor cannot change yet (a Gloomhaven scenario) is still checked and
      // measured: shown, not edited.
      content = { kind: "view", content: answer.result.content };
    }
    if (doc) {
      undos.push(state());
      redos = [];
    }
    doc = content;
    if (!keepLocks) {
      // Another maze: the locks and the suggestions were the last one's.
      locks = new Set();
      $("suggestions").textContent = "";
      $("suggeststatus").textContent = "";
      page.dataset.suggested = "";
    }
    $("editor").hidden = false;
    drawTools();
    drawBoard();
    editedAt = performance.now();
    page.dataset.content = JSON.stringify(sent(doc));
    page.dataset.locks = JSON.stringify([...locks].sort());
    $("undo").disabled = undos.length === 0;
    $("redo").disabled = redos.length === 0;
    show(answer);
    page.dataset.checked = String(++asked);
  }

  async function openText(text, name) {
    let value;
    try {
      value = JSON.parse(text);
    } catch (e) {
      say(`${name} is not JSON (${e.message}): open a file ludoforge wrote, or a maze object.`);
      return;
    }
    await open(value, false);
  }

  $("file").addEventListener("change", async () => {
    const file = $("file").files[0];
    if (file) await openText(await file.text(), file.name);
  });
  document.addEventListener("dragover", (e) => e.preventDefault());
  document.addEventListener("drop", async (e) => {
    e.preventDefault();
    const file = e.dataTransfer && e.dataTransfer.files[0];
    if (file) await openText(await file.text(), file.name);
  });

  $("new").addEventListener("click", async () => {
    const kind = $("newkind").value;
    const width = Number($("newwidth").value);
    const height = Number($("newheight").value);
    const most = kind === "dungeon" ? 200 : 64;
    if (!(width >= 3 && width <= most && height >= 3 && height <= most)) {
      say(`Give a width and a height from 3 to ${most} squares.`);
      return;
    }
    if (kind === "risk") {
      await open({ kind: "risk", map: "classic", seed: 1 }, false);
      return;
    }
    let maze;
    if (kind === "chromatic") maze = { kind, rows: Array.from({ length: height }, () => "R".repeat(width)) };
    else if (kind === "chess") maze = { kind, width, height, agent: "rook", pieces: [] };
    else {
      // An empty room walled round, the start at the top left and the goal at the bottom right.
      const rows = Array.from({ length: height }, (_, y) =>
        y === 0 || y === height - 1 ? "#".repeat(width) : `#${".".repeat(width - 2)}#`,
      );
      const put = (y, x, c) => (rows[y] = rows[y].slice(0, x) + c + rows[y].slice(x + 1));
      put(1, 1, "<");
      put(height - 2, width - 2, ">");
      maze = { kind: "dungeon", rows, seed: 1 };
    }
    await open(maze, false);
  });

  async function fetched(url) {
    const response = await fetch(url);
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) throw new Error(answer.error || `The studio answered ${response.status}.`);
    return answer;
  }

  async function fromAddress() {
    const query = new URLSearchParams(location.search);
    const run = query.get("run");
    const cell = query.get("cell");
    const row = query.get("library");
    const enc = encodeURIComponent;
    let url = null;
    if (run && cell) url = `/api/runs/${enc(run)}/elites/${enc(cell)}`;
    else if (run) url = `/api/runs/${enc(run)}/files/result.json`;
    else if (row) url = `/api/library/${enc(row)}`;
    if (!url) return;
    try {
      await open(await fetched(url), false);
    } catch (e) {
      say(`This cannot be opened: ${e.message}`);
    }
  }

  // ---- Suggestions ------------------------------------------------------------------------

  function choices() {
    for (const [id, fallback] of [
      ["across", 0],
      ["down", 1],
    ]) {
      const select = $(id);
      const was = select.value;
      select.textContent = "";
      for (const d of descriptors) {
        const option = document.createElement("option");
        option.value = d;
        option.textContent = d.replaceAll("_", " ");
        select.append(option);
      }
      select.value = descriptors.includes(was) ? was : descriptors[fallback];
    }
  }
  choices();

  let source = null;

  // What suggestions keep of a Gloomhaven scenario or a Risk variant: the parts ticked.
  function tickedLocks() {
    const boxes = doc.kind === "risk" ? "#risklocks input:checked" : "#gloomlocks input:checked";
    return [...document.querySelectorAll(boxes)].map((box) => box.value);
  }

  $("suggestform").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!doc || !explorer) return;
    const across = $("across").value;
    const down = $("down").value;
    if (across === down) {
      $("suggeststatus").textContent = "Pick two different measures to spread the suggestions over.";
      return;
    }
    const params = {
      // The start as a file given by content, as every exploration reads it.
      start: { content: JSON.stringify(sent(doc)), name: "start.json" },
      lock: doc.kind === "view" || doc.kind === "risk" ? tickedLocks() : [...locks].sort(),
      explore: { descriptors: [across, down], evaluations: Number($("evaluations").value) },
    };
    const seed = $("seed").value.trim() || "1";
    $("suggest").disabled = true;
    $("suggestions").textContent = "";
    page.dataset.suggested = "";
    const started = performance.now();
    let run;
    try {
      const response = await fetch("/api/runs", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: `{"job":${JSON.stringify(explorer)},"params":${JSON.stringify(params)},"seed":${seed}}`,
      });
      run = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(run.error || `The studio answered ${response.status}.`);
    } catch (err) {
      $("suggest").disabled = false;
      $("suggeststatus").textContent = err.message;
      return;
    }
    $("suggeststatus").textContent = "Searching…";
    running = run.id;
    page.dataset.searchRun = run.id;
    page.dataset.searchOpen = "false";
    sentEdits = 0;
    page.dataset.editsSent = "0";
    page.dataset.editsTaken = "0";
    page.dataset.editsRefused = "0";
    $("stopsuggest").hidden = false;
    if (source) source.close();
    source = new EventSource(`/api/runs/${run.id}/events`);
    source.addEventListener("progress", (ev) => {
      const p = JSON.parse(ev.data);
      const filled = p.heat ? ` · ${p.heat.filled} cells filled` : "";
      const share = p.fraction === null ? "" : ` ${(100 * p.fraction).toFixed(0)}%`;
      let edits = "";
      page.dataset.searchOpen = String(Boolean(p.edits && p.edits.open));
      if (p.edits && p.edits.posted > 0) {
        const e = p.edits;
        edits = ` · ${e.taken} of your edits taken into the search`;
        if (e.refused > 0) edits += `, ${e.refused} refused (${e.refusal})`;
        page.dataset.editsTaken = String(e.taken);
        page.dataset.editsRefused = String(e.refused);
      }
      $("suggeststatus").textContent = `Searching…${share}${filled}${edits}`;
    });
    const ended = () => {
      source.close();
      running = null;
      $("suggest").disabled = false;
      $("stopsuggest").hidden = true;
    };
    source.addEventListener("done", async () => {
      ended();
      await shelf(run.id, performance.now() - started);
    });
    source.addEventListener("error", (ev) => {
      ended();
      const data = ev.data ? JSON.parse(ev.data) : {};
      $("suggeststatus").textContent = data.error || "The connection to the studio was lost.";
    });
  });

  // Stop: the search ends after its batch under way, and its shelf is shown.
  $("stopsuggest").addEventListener("click", async () => {
    if (!running) return;
    $("stopsuggest").disabled = true;
    try {
      await fetch(`/api/runs/${running}`, { method: "DELETE", headers: { "Content-Type": "application/json" } });
    } finally {
      $("stopsuggest").disabled = false;
    }
  });

  // The finished shelf: up to 24 suggestions spread over it, each with its picture.
  async function shelf(id, ms) {
    let archive;
    try {
      archive = await fetched(`/api/runs/${id}/elites`);
    } catch (e) {
      $("suggeststatus").textContent = e.message;
      return;
    }
    const [a, b] = archive.axes.map((x) => x.name);
    const elites = archive.elites.slice().sort(
      (x, y) => x.descriptors[a] - y.descriptors[a] || x.descriptors[b] - y.descriptors[b],
    );
    const shown = [];
    const count = Math.min(24, elites.length);
    for (let i = 0; i < count; i++) shown.push(elites[Math.floor((i * elites.length) / count)]);
    const kept = doc.kind === "view" || doc.kind === "risk" ? tickedLocks().join(", ") || "nothing locked" : `the ${locks.size} locked ${{ dungeon: "cells and the start and goal", portals: "rooms and their portals" }[doc.kind] || "squares"}`;
    $("suggeststatus").textContent =
      `${archive.filled} suggestions in ${(ms / 1000).toFixed(1)} s, every one keeping ${kept}; ${count} shown.`;
    page.dataset.suggested = String(archive.filled);
    page.dataset.suggestMs = ms.toFixed(0);
    const cards = $("suggestions");
    cards.textContent = "";
    for (const elite of shown) {
      const card = document.createElement("article");
      card.className = "card item suggestion";
      card.dataset.cell = String(elite.cell);
      const img = document.createElement("img");
      img.src = `${elite.url}/picture`;
      img.alt = `suggestion in cell ${elite.cell}`;
      img.loading = "lazy";
      const text = document.createElement("p");
      // Whole counts as they are, shares to two places.
      const figure = (v) => (Number.isInteger(v) ? String(v) : v.toFixed(2));
      text.textContent = `${a.replaceAll("_", " ")} ${figure(elite.descriptors[a])} · ${b.replaceAll("_", " ")} ${figure(elite.descriptors[b])}`;
      const take = document.createElement("button");
      take.type = "button";
      take.className = "take";
      take.textContent = "Take";
      take.addEventListener("click", async () => {
        try {
          await open(await fetched(elite.url), true);
        } catch (e) {
          say(`This suggestion cannot be taken: ${e.message}`);
        }
      });
      card.append(img, text, take);
      cards.append(card);
    }
  }

  fromAddress();
})();
