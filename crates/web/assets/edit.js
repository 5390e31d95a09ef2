// The editor: a maze painted square by square, checked by the generator's own rules after
// every stroke (POST /api/check), with undo and redo, locks, and suggestions around it (the
// maze's exploration job started from it, through the runs API). Text from files reaches the
// page only as text.
"use strict";

(function () {
  const page = document.querySelector(".editpage");
  if (!page) return;
  const $ = (id) => document.getElementById(id);

  // The colour wheel of chromatic mazes and its CSS colours, as the generator draws them.
  const WHEEL = ["R", "O", "Y", "G", "B", "V"];
  const FILL = { R: "#e53935", O: "#fb8c00", Y: "#fdd835", G: "#43a047", B: "#1e88e5", V: "#8e24aa" };
  const COLOUR_NAME = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", V: "violet" };
  const PIECE = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };
  const PIECE_NAME = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
  const AGENT = { king: "♔", queen: "♕", rook: "♖", bishop: "♗", knight: "♘", pawn: "♙" };
  // The measures the puzzle explorations offer as descriptors, until a check names them.
  let descriptors = ["min_moves", "decision_points", "dead_ends", "reachable"];

  let doc = null; // the maze being edited, as its generator writes it
  let of = null; // the job whose content it is
  let locks = new Set(); // locked squares' names
  let undos = [];
  let redos = [];
  let tool = null;
  let stroke = null; // the squares changed by the stroke under way
  let asked = 0; // the number of the last check asked for
  let editedAt = 0; // when the last edit was made (ms)
  let marked = new Set(); // the squares the last check names
  let checkedContent = null; // the content as the last check wrote it

  function say(message) {
    $("problem").textContent = message || "";
  }

  // ---- Squares ---------------------------------------------------------------------------

  function fileName(file) {
    let n = file + 1;
    let letters = "";
    while (n > 0) {
      n -= 1;
      letters = String.fromCharCode(97 + (n % 26)) + letters;
      n = Math.floor(n / 26);
    }
    return letters;
  }

  // A square's name as its generator writes it: `c4` on a maze (ranks from the bottom),
  // `x,y` on a dungeon map (rows from the top, from 0).
  function squareName(file, rank) {
    if (doc.kind === "dungeon") return `${file},${doc.rows.length - 1 - rank}`;
    return `${fileName(file)}${rank + 1}`;
  }

  // The file and rank of a square's name.
  function place(name) {
    if (doc.kind === "dungeon") {
      const [x, y] = name.split(",").map(Number);
      return [x, doc.rows.length - 1 - y];
    }
    const digits = [...name].findIndex((c) => c >= "0" && c <= "9");
    let file = 0;
    for (const c of name.slice(0, digits)) file = file * 26 + (c.charCodeAt(0) - 96);
    return [file - 1, Number(name.slice(digits)) - 1];
  }

  function size() {
    if (doc.rows) return { width: doc.rows[0].length, height: doc.rows.length };
    return { width: doc.width, height: doc.height };
  }

  // What stands on a square: a colour letter (chromatic), a piece letter or "" (chess), a
  // map cell # . < > (dungeon).
  function at(file, rank) {
    if (doc.rows) return doc.rows[doc.rows.length - 1 - rank][file];
    const name = squareName(file, rank);
    const piece = doc.pieces.find((p) => p.square === name);
    return piece ? piece.piece : "";
  }

  function setAt(file, rank, value) {
    const row = doc.rows.length - 1 - rank;
    const line = [...doc.rows[row]];
    line[file] = value;
    doc.rows[row] = line.join("");
  }

  // Where a dungeon's start (<) or goal (>) is.
  function findCell(symbol) {
    for (let y = 0; y < doc.rows.length; y++) {
      const x = doc.rows[y].indexOf(symbol);
      if (x >= 0) return [x, doc.rows.length - 1 - y];
    }
    return null;
  }

  // ---- Tools ------------------------------------------------------------------------------

  function tools() {
    const list = [];
    if (doc.kind === "chromatic") {
      for (const c of WHEEL) list.push({ id: c, label: COLOUR_NAME[c], swatch: FILL[c] });
    } else if (doc.kind === "dungeon") {
      list.push({ id: "#", label: "wall", swatch: "#444" });
      list.push({ id: ".", label: "floor", swatch: "#eee" });
      list.push({ id: "<", label: "start", glyph: "S" });
      list.push({ id: ">", label: "goal", glyph: "G" });
      return list;
    } else if (doc.kind === "chess") {
      for (const p of Object.keys(PIECE)) list.push({ id: p, label: PIECE_NAME[p], glyph: PIECE[p] });
      list.push({ id: "empty", label: "clear" });
      list.push({ id: "entrance", label: "entrance", glyph: "E" });
      list.push({ id: "exit", label: "exit", glyph: "X" });
    }
    list.push({ id: "lock", label: "lock", lock: true });
    return list;
  }

  function drawTools() {
    const bar = $("tools");
    bar.textContent = "";
    if (["risk", "portals", "view"].includes(doc.kind)) return;
    const list = tools();
    if (!list.some((t) => t.id === tool)) tool = list[0].id;
    for (const t of list) {
      const button = document.createElement("button");
      button.type = "button";
      button.className = "tool";
      button.dataset.tool = t.id;
      button.title = t.id === "lock" ? "lock or unlock squares" : `paint ${t.label}`;
      button.setAttribute("aria-pressed", String(t.id === tool));
      if (t.swatch) {
        const swatch = document.createElement("span");
        swatch.className = "swatch";
        swatch.style.background = t.swatch;
        button.append(swatch);
      } else if (t.lock) {
        const swatch = document.createElement("span");
        swatch.className = "swatch lockswatch";
        button.append(swatch);
      } else if (t.glyph) {
        const glyph = document.createElement("span");
        glyph.className = "glyph";
        glyph.textContent = t.glyph;
        button.append(glyph);
      }
      button.append(document.createTextNode(` ${t.label}`));
      button.addEventListener("click", () => {
        tool = t.id;
        for (const b of bar.querySelectorAll(".tool")) b.setAttribute("aria-pressed", String(b === button));
      });
      bar.append(button);
    }
  }

  // ---- The board --------------------------------------------------------------------------

  function drawBoard() {
    const board = $("board");
    board.textContent = "";
    const risk = doc.kind === "risk";
    const portals = doc.kind === "portals";
    const view = doc.kind === "view";
    board.hidden = risk || portals || view;
    $("boardhelp").hidden = risk || portals || view;
    $("tools").hidden = risk || portals || view;
    $("riskedit").hidden = !risk;
    $("portaledit").hidden = !portals;
    if (view) {
      $("editor").classList.remove("wide");
      return;
    }
    if (risk || portals) {
      $("editor").classList.remove("wide");
      if (risk) drawRisk();
      else drawPortals();
      return;
    }
    const { width, height } = size();
    // A dungeon map may take the page's width; a maze leaves room for its measures.
    const wide = doc.kind === "dungeon";
    const room = wide ? Math.min(1140, Math.max(540, window.innerWidth - 120)) : 540;
    const cell = Math.max(8, Math.min(40, Math.floor(room / Math.max(width, wide ? 0 : height))));
    $("editor").classList.toggle("wide", wide && cell * width > 560);
    board.style.gridTemplateColumns = `repeat(${width}, ${cell}px)`;
    board.style.setProperty("--cell", `${cell}px`);
    for (let rank = height - 1; rank >= 0; rank--) {
      for (let file = 0; file < width; file++) {
        const name = squareName(file, rank);
        const square = document.createElement("button");
        square.type = "button";
        square.className = "square";
        square.dataset.square = name;
        paintSquare(square, file, rank);
        square.addEventListener("pointerdown", (e) => {
          e.preventDefault();
          begin(name, file, rank);
        });
        square.addEventListener("pointerenter", (e) => {
          if (stroke && e.buttons) apply(name, file, rank);
        });
        board.append(square);
      }
    }
  }

  function paintSquare(square, file, rank) {
    const name = squareName(file, rank);
    const here = at(file, rank);
    square.textContent = "";
    square.classList.toggle("locked", locks.has(name));
    square.classList.toggle("marked", marked.has(name));
    let label = name;
    if (doc.kind === "dungeon") {
      square.classList.toggle("wall", here === "#");
      square.classList.add("cell");
      if (here === "<" || here === ">") {
        const end = document.createElement("span");
        end.className = here === "<" ? "end entrance" : "end exit";
        end.textContent = here === "<" ? "S" : "G";
        square.append(end);
        label += here === "<" ? " start" : " goal";
      } else {
        label += here === "#" ? " wall" : " floor";
      }
    } else if (doc.kind === "chromatic") {
      square.style.background = FILL[here] || "#fff";
      square.dataset.colour = here;
      // The colour's letter too, so the maze reads without colour vision.
      const letter = document.createElement("span");
      letter.className = here === "O" || here === "Y" ? "letter dark" : "letter";
      letter.textContent = here;
      square.append(letter);
      label += ` ${COLOUR_NAME[here] || here}`;
    } else {
      square.classList.toggle("dark", (file + rank) % 2 === 0);
      square.dataset.piece = here;
      if (here) {
        square.textContent = PIECE[here] || here;
        label += ` ${PIECE_NAME[here] || here}`;
      }
    }
    if (doc.kind !== "dungeon" && (name === doc.entrance || name === doc.exit)) {
      const end = document.createElement("span");
      end.className = name === doc.entrance ? "end entrance" : "end exit";
      end.textContent = name === doc.entrance ? (doc.kind === "chess" ? AGENT[doc.agent] || "E" : "E") : "X";
      square.append(end);
      label += name === doc.entrance ? " entrance" : " exit";
    }
    if (locks.has(name)) label += " locked";
    square.title = label;
    square.setAttribute("aria-label", label);
  }

  function repaint(name) {
    const square = $("board").querySelector(`[data-square="${name}"]`);
    if (!square) return;
    const [file, rank] = place(name);
    paintSquare(square, file, rank);
  }

  // ---- A Risk variant: rules, continents, borders, territories ---------------------------

  const RULE_CHOICES = {
    distribution: ["random", "pick"],
    conquest_move: ["min", "max"],
    compat: ["standard", "rossato2023"],
  };

  // One change to the variant: undoable, then checked (the designer's playtest).
  function change(apply) {
    const before = state();
    apply();
    undos.push(before);
    redos = [];
    drawRisk();
    edited();
  }

  function territoryName(id) {
    const t = doc.map.territories.find((x) => x.id === id);
    return t ? t.name : String(id);
  }

  function drawRisk() {
    const map = doc.map;
    // Rules: a number or a choice each.
    const rules = $("riskrules");
    rules.textContent = "";
    for (const [name, value] of Object.entries(doc.rules)) {
      const field = document.createElement("div");
      field.className = "field";
      const label = document.createElement("label");
      label.textContent = name.replaceAll("_", " ");
      label.htmlFor = `rule-${name}`;
      let input;
      if (RULE_CHOICES[name]) {
        input = document.createElement("select");
        for (const choice of RULE_CHOICES[name]) {
          const option = document.createElement("option");
          option.value = choice;
          option.textContent = choice;
          input.append(option);
        }
        input.value = value;
      } else {
        input = document.createElement("input");
        input.type = "number";
        input.value = String(value);
      }
      input.id = `rule-${name}`;
      input.dataset.rule = name;
      input.addEventListener("change", () => {
        const read = RULE_CHOICES[name] ? input.value : Number(input.value);
        if (typeof read === "number" && !Number.isFinite(read)) return;
        change(() => (doc.rules[name] = read));
      });
      field.append(label, input);
      rules.append(field);
    }
    // Continents: name, bonus, territories.
    const continents = $("riskcontinents");
    continents.textContent = "";
    const head = continents.insertRow();
    for (const title of ["continent", "bonus", "territories"]) {
      const th = document.createElement("th");
      th.textContent = title;
      head.append(th);
    }
    map.continents.forEach((c, i) => {
      const row = continents.insertRow();
      row.dataset.continent = c.name;
      row.classList.toggle("marked", marked.has(c.name));
      row.insertCell().textContent = c.name;
      const bonus = document.createElement("input");
      bonus.type = "number";
      bonus.min = "0";
      bonus.value = String(c.bonus);
      bonus.dataset.bonus = String(i);
      bonus.addEventListener("change", () => {
        const value = Number(bonus.value);
        if (!Number.isInteger(value) || value < 0) return;
        change(() => (doc.map.continents[i].bonus = value));
      });
      row.insertCell().append(bonus);
      row.insertCell().textContent = String(c.territories.length);
    });
    // Borders: each with a button that removes it.
    const borders = $("riskborders");
    borders.textContent = "";
    map.borders.forEach(([a, b]) => {
      const chip = document.createElement("span");
      chip.className = "border";
      chip.dataset.border = `${a}-${b}`;
      chip.append(document.createTextNode(`${territoryName(a)} – ${territoryName(b)} `));
      const remove = document.createElement("button");
      remove.type = "button";
      remove.className = "remove";
      remove.textContent = "×";
      remove.title = `remove the border ${territoryName(a)} – ${territoryName(b)}`;
      remove.addEventListener("click", () =>
        change(() => (doc.map.borders = doc.map.borders.filter(([x, y]) => !(x === a && y === b)))),
      );
      chip.append(remove);
      borders.append(chip);
    });
    for (const id of ["bordera", "borderb"]) {
      const select = $(id);
      const was = select.value;
      select.textContent = "";
      for (const t of map.territories) {
        const option = document.createElement("option");
        option.value = String(t.id);
        option.textContent = t.name;
        select.append(option);
      }
      if (was) select.value = was;
    }
    // Territories: each in a continent, moved by choosing another.
    const territories = $("riskterritories");
    territories.textContent = "";
    const top = territories.insertRow();
    for (const title of ["territory", "continent"]) {
      const th = document.createElement("th");
      th.textContent = title;
      top.append(th);
    }
    for (const t of map.territories) {
      const row = territories.insertRow();
      row.dataset.territory = t.name;
      row.classList.toggle("marked", marked.has(t.name));
      row.insertCell().textContent = t.name;
      const select = document.createElement("select");
      select.dataset.move = String(t.id);
      map.continents.forEach((c, i) => {
        const option = document.createElement("option");
        option.value = String(i);
        option.textContent = c.name;
        if (c.territories.includes(t.id)) option.selected = true;
        select.append(option);
      });
      select.addEventListener("change", () => {
        const to = Number(select.value);
        change(() => {
          for (const c of doc.map.continents) c.territories = c.territories.filter((x) => x !== t.id);
          doc.map.continents[to].territories.push(t.id);
          doc.map.continents[to].territories.sort((x, y) => x - y);
        });
      });
      row.insertCell().append(select);
    }
  }

  $("addborder").addEventListener("click", () => {
    const a = Number($("bordera").value);
    const b = Number($("borderb").value);
    const [x, y] = a < b ? [a, b] : [b, a];
    if (x === y || doc.map.borders.some(([p, q]) => (p === x && q === y) || (p === y && q === x))) {
      say(x === y ? "A border joins two territories: pick two." : "These two already share a border.");
      return;
    }
    say("");
    change(() => doc.map.borders.push([x, y]));
  });

  // ---- A portal dungeon: each room's portals --------------------------------------------

  // One change to the dungeon, drawn again and checked.
  function changePortals(apply) {
    const before = state();
    apply();
    undos.push(before);
    redos = [];
    drawPortals();
    edited();
  }

  function drawPortals() {
    const rooms = doc.dungeon.rooms;
    const table = $("portalrooms");
    table.textContent = "";
    const head = table.insertRow();
    for (const title of ["room", "portals"]) {
      const th = document.createElement("th");
      th.textContent = title;
      head.append(th);
    }
    for (const room of rooms) {
      const row = table.insertRow();
      const name = `room ${room.id}`;
      row.dataset.room = name;
      row.classList.toggle("marked", marked.has(name));
      const label = room.id === doc.dungeon.origin ? `${name} (origin)` : room.id === doc.dungeon.exit ? `${name} (exit)` : name;
      row.insertCell().textContent = label;
      const cell = row.insertCell();
      for (const to of room.portals) {
        const chip = document.createElement("span");
        chip.className = "border";
        chip.dataset.portal = `${room.id}-${to}`;
        chip.append(document.createTextNode(`→ ${to} `));
        const remove = document.createElement("button");
        remove.type = "button";
        remove.className = "remove";
        remove.textContent = "×";
        remove.title = `remove the portal from room ${room.id} to room ${to}`;
        remove.addEventListener("click", () =>
          changePortals(() => (room.portals = room.portals.filter((p) => p !== to))),
        );
        chip.append(remove);
        cell.append(chip);
      }
    }
    for (const id of ["portalfrom", "portalto"]) {
      const select = $(id);
      const was = select.value;
      select.textContent = "";
      for (const room of rooms) {
        const option = document.createElement("option");
        option.value = String(room.id);
        option.textContent = `room ${room.id}`;
        select.append(option);
      }
      if (was) select.value = was;
    }
  }

  $("addportal").addEventListener("click", () => {
    const from = Number($("portalfrom").value);
    const to = Number($("portalto").value);
    const room = doc.dungeon.rooms.find((r) => r.id === from);
    if (!room || from === to || room.portals.includes(to)) {
      say(from === to ? "A portal leads to another room: pick two." : "That portal is there already.");
      return;
    }
    say("");
    changePortals(() => room.portals.push(to));
  });

  // ---- Editing ----------------------------------------------------------------------------

  const state = () => JSON.stringify({ doc, locks: [...locks].sort() });

  function begin(name, file, rank) {
    stroke = { before: state(), changed: false, lockTo: !locks.has(name) };
    apply(name, file, rank);
  }

  function apply(name, file, rank) {
    if (!stroke) return;
    if (tool === "lock") {
      if (stroke.lockTo) locks.add(name);
      else locks.delete(name);
      stroke.changed = true;
      repaint(name);
      return;
    }
    if (doc.kind === "chromatic") {
      if (at(file, rank) === tool) return;
      setAt(file, rank, tool);
      stroke.changed = true;
      repaint(name);
      return;
    }
    if (doc.kind === "dungeon") {
      const here = at(file, rank);
      // The start and goal move; walls and floor do not paint over them.
      if (here === tool || here === "<" || here === ">") return;
      if (tool === "<" || tool === ">") {
        const old = findCell(tool);
        if (old) {
          setAt(old[0], old[1], ".");
          repaint(squareName(old[0], old[1]));
        }
      }
      setAt(file, rank, tool);
      stroke.changed = true;
      repaint(name);
      return;
    }
    if (tool === "entrance" || tool === "exit") {
      const other = tool === "entrance" ? doc.exit : doc.entrance;
      if (name === other || doc[tool] === name) return;
      const old = doc[tool];
      doc[tool] = name;
      stroke.changed = true;
      repaint(old);
      repaint(name);
      return;
    }
    const pieces = doc.pieces.filter((p) => p.square !== name);
    if (tool !== "empty") pieces.push({ piece: tool, square: name });
    if (JSON.stringify(pieces) === JSON.stringify(doc.pieces)) return;
    doc.pieces = pieces;
    stroke.changed = true;
    repaint(name);
  }

  function end() {
    if (!stroke) return;
    const done = stroke;
    stroke = null;
    if (!done.changed) return;
    undos.push(done.before);
    redos = [];
    edited();
  }

  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);

  function edited() {
    editedAt = performance.now();
    $("undo").disabled = undos.length === 0;
    $("redo").disabled = redos.length === 0;
    page.dataset.content = JSON.stringify(sent(doc));
    page.dataset.locks = JSON.stringify([...locks].sort());
    check();
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
    const grid = doc.kind === "chess" || doc.kind === "chromatic";
    $("suggestpanel").hidden = !grid;
    $("clearlocks").hidden = !grid;
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
      say(`${answer.result.kind}: checked and measured here; the editor does not change it yet.`);
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

  $("suggestform").addEventListener("submit", async (e) => {
    e.preventDefault();
    if (!doc || !of) return;
    const across = $("across").value;
    const down = $("down").value;
    if (across === down) {
      $("suggeststatus").textContent = "Pick two different measures to spread the suggestions over.";
      return;
    }
    const params = {
      start: doc,
      lock: [...locks].sort(),
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
        body: `{"job":${JSON.stringify(`${of}-explore`)},"params":${JSON.stringify(params)},"seed":${seed}}`,
      });
      run = await response.json().catch(() => ({}));
      if (!response.ok) throw new Error(run.error || `The studio answered ${response.status}.`);
    } catch (err) {
      $("suggest").disabled = false;
      $("suggeststatus").textContent = err.message;
      return;
    }
    $("suggeststatus").textContent = "Searching…";
    if (source) source.close();
    source = new EventSource(`/api/runs/${run.id}/events`);
    source.addEventListener("progress", (ev) => {
      const p = JSON.parse(ev.data);
      const filled = p.heat ? ` · ${p.heat.filled} cells filled` : "";
      const share = p.fraction === null ? "" : ` ${(100 * p.fraction).toFixed(0)}%`;
      $("suggeststatus").textContent = `Searching…${share}${filled}`;
    });
    source.addEventListener("done", async () => {
      source.close();
      $("suggest").disabled = false;
      await shelf(run.id, performance.now() - started);
    });
    source.addEventListener("error", (ev) => {
      source.close();
      $("suggest").disabled = false;
      const data = ev.data ? JSON.parse(ev.data) : {};
      $("suggeststatus").textContent = data.error || "The connection to the studio was lost.";
    });
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
    $("suggeststatus").textContent =
      `${archive.filled} suggestions in ${(ms / 1000).toFixed(1)} s, every one keeping the ${locks.size} locked squares; ${count} shown.`;
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
      text.textContent = `${a.replaceAll("_", " ")} ${elite.descriptors[a]} · ${b.replaceAll("_", " ")} ${elite.descriptors[b]}`;
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
