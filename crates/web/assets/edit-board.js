// The editor's board: a maze or a dungeon map as a grid of squares, painted with tools
// (colours, pieces, the ends, walls and floor, locks) by clicking or dragging. edit.js hands
// over the content, its locks, the problem's places, and what to do once a stroke changed
// something (keep the state before it for undo, then check).
"use strict";

window.EditBoard = function (ctx) {
  const $ = (id) => document.getElementById(id);
  let tool = null;
  let stroke = null; // the squares changed by the stroke under way

  // The colour wheel of chromatic mazes and its CSS colours, as the generator draws them.
  const WHEEL = ["R", "O", "Y", "G", "B", "V"];
  const FILL = { R: "#e53935", O: "#fb8c00", Y: "#fdd835", G: "#43a047", B: "#1e88e5", V: "#8e24aa" };
  const COLOUR_NAME = { R: "red", O: "orange", Y: "yellow", G: "green", B: "blue", V: "violet" };
  const PIECE = { K: "♚", Q: "♛", R: "♜", B: "♝", N: "♞", P: "♟" };
  const PIECE_NAME = { K: "king", Q: "queen", R: "rook", B: "bishop", N: "knight", P: "pawn" };
  const AGENT = { king: "♔", queen: "♕", rook: "♖", bishop: "♗", knight: "♘", pawn: "♙" };

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
    if (ctx.doc().kind === "dungeon") return `${file},${ctx.doc().rows.length - 1 - rank}`;
    return `${fileName(file)}${rank + 1}`;
  }

  // The file and rank of a square's name.
  function place(name) {
    if (ctx.doc().kind === "dungeon") {
      const [x, y] = name.split(",").map(Number);
      return [x, ctx.doc().rows.length - 1 - y];
    }
    const digits = [...name].findIndex((c) => c >= "0" && c <= "9");
    let file = 0;
    for (const c of name.slice(0, digits)) file = file * 26 + (c.charCodeAt(0) - 96);
    return [file - 1, Number(name.slice(digits)) - 1];
  }

  function size() {
    if (ctx.doc().rows) return { width: ctx.doc().rows[0].length, height: ctx.doc().rows.length };
    return { width: ctx.doc().width, height: ctx.doc().height };
  }

  // What stands on a square: a colour letter (chromatic), a piece letter or "" (chess), a
  // map cell # . < > (dungeon).
  function at(file, rank) {
    if (ctx.doc().rows) return ctx.doc().rows[ctx.doc().rows.length - 1 - rank][file];
    const name = squareName(file, rank);
    const piece = ctx.doc().pieces.find((p) => p.square === name);
    return piece ? piece.piece : "";
  }

  function setAt(file, rank, value) {
    const row = ctx.doc().rows.length - 1 - rank;
    const line = [...ctx.doc().rows[row]];
    line[file] = value;
    ctx.doc().rows[row] = line.join("");
  }

  // Where a dungeon's start (<) or goal (>) is.
  function findCell(symbol) {
    for (let y = 0; y < ctx.doc().rows.length; y++) {
      const x = ctx.doc().rows[y].indexOf(symbol);
      if (x >= 0) return [x, ctx.doc().rows.length - 1 - y];
    }
    return null;
  }

  // ---- Tools ------------------------------------------------------------------------------

  function tools() {
    const list = [];
    if (ctx.doc().kind === "chromatic") {
      for (const c of WHEEL) list.push({ id: c, label: COLOUR_NAME[c], swatch: FILL[c] });
    } else if (ctx.doc().kind === "dungeon") {
      list.push({ id: "#", label: "wall", swatch: "#444" });
      list.push({ id: ".", label: "floor", swatch: "#eee" });
      list.push({ id: "<", label: "start", glyph: "S" });
      list.push({ id: ">", label: "goal", glyph: "G" });
    } else if (ctx.doc().kind === "chess") {
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
    if (["risk", "portals", "view"].includes(ctx.doc().kind)) return;
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
    const { width, height } = size();
    // A dungeon map may take the page's width; a maze leaves room for its measures.
    const wide = ctx.doc().kind === "dungeon";
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
    square.classList.toggle("locked", ctx.locks().has(name));
    square.classList.toggle("marked", ctx.marked().has(name));
    let label = name;
    if (ctx.doc().kind === "dungeon") {
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
    } else if (ctx.doc().kind === "chromatic") {
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
    if (ctx.doc().kind !== "dungeon" && (name === ctx.doc().entrance || name === ctx.doc().exit)) {
      const end = document.createElement("span");
      end.className = name === ctx.doc().entrance ? "end entrance" : "end exit";
      end.textContent = name === ctx.doc().entrance ? (ctx.doc().kind === "chess" ? AGENT[ctx.doc().agent] || "E" : "E") : "X";
      square.append(end);
      label += name === ctx.doc().entrance ? " entrance" : " exit";
    }
    if (ctx.locks().has(name)) label += " locked";
    square.title = label;
    square.setAttribute("aria-label", label);
  }

  function repaint(name) {
    const square = $("board").querySelector(`[data-square="${name}"]`);
    if (!square) return;
    const [file, rank] = place(name);
    paintSquare(square, file, rank);
  }

  function begin(name, file, rank) {
    stroke = { before: ctx.state(), changed: false, lockTo: !ctx.locks().has(name) };
    apply(name, file, rank);
  }

  function apply(name, file, rank) {
    if (!stroke) return;
    if (tool === "lock") {
      if (stroke.lockTo) ctx.locks().add(name);
      else ctx.locks().delete(name);
      stroke.changed = true;
      repaint(name);
      return;
    }
    if (ctx.doc().kind === "chromatic") {
      if (at(file, rank) === tool) return;
      setAt(file, rank, tool);
      stroke.changed = true;
      repaint(name);
      return;
    }
    if (ctx.doc().kind === "dungeon") {
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
      const other = tool === "entrance" ? ctx.doc().exit : ctx.doc().entrance;
      if (name === other || ctx.doc()[tool] === name) return;
      const old = ctx.doc()[tool];
      ctx.doc()[tool] = name;
      stroke.changed = true;
      repaint(old);
      repaint(name);
      return;
    }
    const pieces = ctx.doc().pieces.filter((p) => p.square !== name);
    if (tool !== "empty") pieces.push({ piece: tool, square: name });
    if (JSON.stringify(pieces) === JSON.stringify(ctx.doc().pieces)) return;
    ctx.doc().pieces = pieces;
    stroke.changed = true;
    repaint(name);
  }

  function end() {
    if (!stroke) return;
    const done = stroke;
    stroke = null;
    if (!done.changed) return;
    ctx.commit(done.before);
  }

  document.addEventListener("pointerup", end);
  document.addEventListener("pointercancel", end);

  return { drawTools, drawBoard, repaint };
};
