// The play page: Risk against an agent over /api/play. The board is the server's own
// picture; each territory's group (titled "Territory N: ...") is made clickable.
"use strict";
(() => {
  const $ = (id) => document.getElementById(id);
  let game = null; // the last view
  let events = []; // every event seen
  let asked = 0; // the number of the last question seen
  let from = null; // the territory chosen first (attack, fortify)
  let to = null; // the second
  let busy = false;

  const name = (t) => `${game.map.territories[t]} (${t})`;
  const mine = (p) => p === game.me;
  const percent = (x) => `${Math.round(100 * x)}%`;

  async function call(method, url, body) {
    // Every change is sent as JSON, with a body or not: the studio refuses any other.
    const options = { method, headers: method === "GET" ? {} : { "Content-Type": "application/json" } };
    if (body !== undefined) options.body = JSON.stringify(body);
    const response = await fetch(url, options);
    const value = await response.json().catch(() => ({ error: response.statusText }));
    if (!response.ok) throw new Error(value.error || response.statusText);
    return value;
  }

  function problem(text) {
    $("problem").textContent = text || "";
  }

  async function start(e) {
    e.preventDefault();
    problem("");
    const settings = {
      map: $("map").value,
      opponent: $("opponent").value,
      second: $("seat").value === "second",
    };
    if ($("seed").value !== "") settings.seed = Number($("seed").value);
    try {
      events = [];
      asked = 0;
      $("moves").textContent = "";
      $("dice").hidden = true;
      show(await call("POST", "/api/play", settings));
    } catch (err) {
      problem(err.message);
    }
  }

  async function answer(reply) {
    if (busy || !game || !game.question) return;
    busy = true;
    reply.question = game.question.number;
    reply.since = events.length;
    try {
      show(await call("POST", game.url, reply));
    } catch (err) {
      problem(err.message);
    } finally {
      busy = false;
    }
  }

  async function poll() {
    try {
      const view = await call("GET", `${game.url}?since=${events.length}&after=${asked}`);
      show(view);
    } catch (err) {
      problem(err.message);
    }
  }

  function show(view) {
    problem("");
    game = view;
    events = events.slice(0, view.first_event).concat(view.events);
    if (view.question) asked = view.question.number;
    // An attack or a move chosen stays chosen while it is still possible ("Attack again").
    const q = view.question;
    const pairs = !q ? [] : q.kind === "attack" ? q.attacks : q.kind === "fortify" ? q.moves : [];
    if (!pairs.some((p) => p.from === from && p.to === to)) {
      from = null;
      to = null;
    }
    $("game").hidden = false;
    // Where the game stands, for scripts and tests: its id, the question's number and kind.
    $("game").dataset.id = view.id;
    $("game").dataset.number = String(asked);
    $("game").dataset.kind = q ? q.kind : view.status;
    listMoves(view.events);
    showDice(view.events);
    header();
    controls();
    drawBoard();
    if (view.status === "thinking") setTimeout(poll, 50);
  }

  // The header: turn, whose turn, phase, troops to place.
  function header() {
    const q = game.question;
    const b = game.board;
    let parts = [];
    if (game.status === "over") {
      const o = game.outcome;
      const verdict = o.winner === null ? `A draw after ${o.player_turns} player-turns.`
        : mine(o.winner) ? "You won!" : `${game.opponent_name} won.`;
      parts = [o.left ? "You left the game." : verdict];
    } else {
      parts.push(b.turn === 0 ? "Share-out" : `Turn ${b.turn}`);
      parts.push(q ? "your turn" : "the agent's turn");
      if (q) parts.push({ pick: "pick", trade: "cards", place: "place", bonus: "bonus",
        attack: "attack", fortify: "fortify" }[q.kind]);
      if (q && (q.kind === "place" || q.kind === "bonus")) parts.push(`${q.left} to place`);
    }
    const counts = [0, 1].map((p) => {
      const owned = b.owner.filter((o) => o === p).length;
      const troops = b.troops.reduce((s, t, i) => s + (b.owner[i] === p ? t : 0), 0);
      return Object.assign(document.createElement("span"), {
        className: `p${p}`,
        textContent: `${mine(p) ? "You" : "Agent"}: ${owned} territories, ${troops} troops, ${b.cards[p]} cards`,
      });
    });
    const phase = Object.assign(document.createElement("div"), { className: "phase", textContent: parts.join(" · ") });
    const tally = Object.assign(document.createElement("div"), { className: "counts" });
    counts.forEach((c, i) => tally.append(...(i ? [" ", c] : [c])));
    $("header").replaceChildren(phase, tally);
  }

  function button(label, action, id) {
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = label;
    if (id) b.id = id;
    b.addEventListener("click", action);
    return b;
  }

  // The prompt and the buttons the question needs.
  function controls() {
    const box = $("controls");
    box.textContent = "";
    const q = game.question;
    const say = (text) => { $("prompt").textContent = text; };
    if (game.status === "over") {
      say(`Seed ${game.seed}, ${game.map.name}. Start another game above.`);
      return;
    }
    if (!q) {
      say("The agent is playing…");
      return;
    }
    if (q.kind === "pick") say("Click a free (white) territory to take it.");
    if (q.kind === "place") say(`Click one of your territories to place a troop (shift-click: all ${q.left}).`);
    if (q.kind === "bonus") {
      say(`Bonus of ${game.map.continents[q.continent].name}: place ${q.left} there (shift-click: all).`);
    }
    if (q.kind === "trade") {
      say(`Trade three cards for ${q.worth} troops${q.must ? " (five cards: you must)" : ""}.`);
      const chosen = new Set();
      const trade = button("Trade", () => answer({ trade: [...chosen] }), "trade");
      trade.disabled = true;
      q.hand.forEach((t, i) => {
        const label = document.createElement("label");
        label.className = "card";
        const check = document.createElement("input");
        check.type = "checkbox";
        check.addEventListener("change", () => {
          if (check.checked) chosen.add(i); else chosen.delete(i);
          trade.disabled = chosen.size !== 3;
        });
        label.append(check, ` ${name(t)}`);
        box.append(label);
      });
      box.append(trade);
      if (!q.must) box.append(button("Keep the cards", () => answer({ trade: null }), "keep"));
    }
    if (q.kind === "attack") attackControls(box, say);
    if (q.kind === "fortify") fortifyControls(box, say);
  }

  function attackControls(box, say) {
    const q = game.question;
    const choice = q.attacks.find((a) => a.from === from && a.to === to);
    if (choice) {
      say(`${name(from)} (${game.board.troops[from]}) against ${name(to)} (${game.board.troops[to]}): ` +
        `${choice.attack_dice} dice against ${choice.defence_dice}; a blitz takes it ${percent(choice.conquest)} of the time.`);
      const again = events.length > 0 && events[events.length - 1].event === "attacked";
      box.append(button(again ? "Attack again" : "Attack", () => answer({ attack: [from, to] }), "attack"));
      box.append(button("Blitz", () => answer({ attack: [from, to], blitz: true }), "blitz"));
    } else if (from !== null) {
      say(`Attack from ${name(from)}: click an enemy neighbour.`);
    } else {
      say(q.attacks.length ? "Click your territory to attack from, then an enemy neighbour." : "No attack is possible.");
    }
    box.append(button("Stop attacking", () => answer({ attack: null }), "stop"));
  }

  function fortifyControls(box, say) {
    const q = game.question;
    const move = q.moves.find((m) => m.from === from && m.to === to);
    if (move) {
      say(`Move troops from ${name(from)} to ${name(to)}:`);
      const count = document.createElement("input");
      count.type = "number";
      count.id = "count";
      count.min = 1;
      count.max = move.most;
      count.value = move.most;
      box.append(count, button("Move", () => answer({ fortify: [from, to], count: Number(count.value) }), "move"));
    } else if (from !== null) {
      say(`Move from ${name(from)}: click a neighbour of yours.`);
    } else {
      say(q.moves.length ? "Click a territory to move troops from, then a neighbour of yours; or end the turn." : "No move is possible: end the turn.");
    }
    box.append(button("End the turn", () => answer({ fortify: null }), "end"));
  }

  // Which territories a click may choose now.
  function targets() {
    const q = game.question;
    if (!q) return [];
    switch (q.kind) {
      case "pick": return q.free;
      case "place": case "bonus": return q.territories;
      case "attack": return from === null ? q.attacks.map((a) => a.from)
        : q.attacks.filter((a) => a.from === from).map((a) => a.to).concat(q.attacks.map((a) => a.from));
      case "fortify": return from === null ? q.moves.map((m) => m.from)
        : q.moves.filter((m) => m.from === from).map((m) => m.to).concat(q.moves.map((m) => m.from));
      default: return [];
    }
  }

  function click(t, shift) {
    const q = game.question;
    if (!q || busy) return;
    problem("");
    if (q.kind === "pick") return answer({ pick: t });
    if (q.kind === "place" || q.kind === "bonus") return answer({ place: t, count: shift ? q.left : 1 });
    if (q.kind === "attack" || q.kind === "fortify") {
      const pairs = q.kind === "attack" ? q.attacks : q.moves;
      if (from !== null && pairs.some((p) => p.from === from && p.to === t)) {
        to = t;
      } else if (pairs.some((p) => p.from === t)) {
        from = t;
        to = null;
      } else {
        problem(`${name(t)} cannot ${q.kind === "attack" ? "attack or be attacked" : "take part in a move"} now.`);
      }
      controls();
      mark();
    }
  }

  async function drawBoard() {
    const url = `${game.url}/board.svg`;
    try {
      const response = await fetch(url);
      if (!response.ok) return;
      $("board").innerHTML = await response.text();
      for (const g of $("board").querySelectorAll("g")) {
        const title = g.querySelector("title");
        const found = title && /^Territory (\d+):/.exec(title.textContent);
        if (found) g.dataset.t = found[1];
      }
      mark();
      $("game").dataset.drawn = `${asked}:${events.length}`;
    } catch (err) {
      problem(`the board could not be drawn: ${err.message}`);
    }
  }

  function mark() {
    const can = new Set(targets());
    for (const g of $("board").querySelectorAll("g[data-t]")) {
      const t = Number(g.dataset.t);
      g.classList.toggle("choice", can.has(t));
      g.classList.toggle("selected", t === from || t === to);
    }
  }

  // The dice of the last throw in these events.
  function showDice(fresh) {
    const throws = fresh.filter((e) => e.event === "attacked" && e.throw.attack_dice > 0);
    if (!throws.length) return;
    const last = throws[throws.length - 1];
    const t = last.throw;
    // Territories' names may come from a map file: they reach the page as text only.
    const span = (className, text) => Object.assign(document.createElement("span"), { className, textContent: text });
    const faces = (list, n, side) => list.slice(0, n).map((d) => span(`die ${side}`, String(d)));
    const who = mine(last.player) ? "You" : "The agent";
    const taken = last.conquered !== null ? ` ${name(last.to)} is taken: ${last.conquered} troops move in.` : "";
    const shown = document.createElement("div");
    shown.className = "throw";
    shown.append(...faces(t.attack, t.attack_dice, "att"), span("vs", "vs"), ...faces(t.defence, t.defence_dice, "def"));
    const said = document.createElement("p");
    said.textContent = `${who} attacked ${name(last.to)} from ${name(last.from)}: the attacker lost ${t.attacker_losses}, the defender ${t.defender_losses}.${taken}`;
    $("dice").replaceChildren(shown, said);
    $("dice").hidden = false;
  }

  // The agent's moves, placements and throws gathered into lines, the newest last.
  function listMoves(fresh) {
    const lines = [];
    for (const e of fresh) {
      if (mine(e.player)) continue;
      const last = lines[lines.length - 1];
      if (e.event === "picked") lines.push({ text: `took ${name(e.territory)}` });
      else if (e.event === "turn_began") lines.push({ text: `Turn ${e.turn}: ${e.troops} troops`, head: true });
      else if (e.event === "traded") lines.push({ text: `traded three cards for ${e.troops} troops` });
      else if (e.event === "bonus") lines.push({ text: `${game.map.continents[e.continent].name}: ${e.troops} bonus troops` });
      else if (e.event === "placed") {
        if (last && last.placed === e.territory) { last.count += 1; last.text = `placed ${last.count} on ${name(e.territory)}`; }
        else lines.push({ placed: e.territory, count: 1, text: `placed 1 on ${name(e.territory)}` });
      } else if (e.event === "attacked") {
        const key = `${e.from}-${e.to}`;
        const entry = last && last.attack === key ? last : { attack: key, lost: 0, killed: 0, throws: 0 };
        if (entry !== last) lines.push(entry);
        entry.throws += 1;
        entry.lost += e.throw.attacker_losses;
        entry.killed += e.throw.defender_losses;
        entry.text = `attacked ${name(e.to)} from ${name(e.from)} (${entry.throws} throws): lost ${entry.lost}, killed ${entry.killed}` +
          (e.conquered !== null ? `, took it` : "");
      } else if (e.event === "fortified") {
        const key = `${e.from}-${e.to}`;
        if (last && last.moved === key) { last.count += 1; } else lines.push({ moved: key, count: 1 });
        const entry = lines[lines.length - 1];
        entry.text = `moved ${entry.count} from ${name(e.from)} to ${name(e.to)}`;
      }
    }
    const list = $("moves");
    for (const line of lines) {
      const li = document.createElement("li");
      li.textContent = line.text;
      if (line.head) li.className = "head";
      list.append(li);
    }
    while (list.children.length > 300) list.firstChild.remove();
    list.scrollTop = list.scrollHeight;
  }

  $("setup").addEventListener("submit", start);
  $("board").addEventListener("click", (e) => {
    const g = e.target.closest("g[data-t]");
    if (g) click(Number(g.dataset.t), e.shiftKey);
  });
})();
