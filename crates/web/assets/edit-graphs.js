// The editor's forms for content that is not a board of squares: a Risk variant (rules,
// continents' bonuses, borders, territories' continents) and a portal dungeon (each room's
// portals). edit.js hands over the content, the problem's places and how to make a change
// (undoable, then checked); text from files reaches the page only as text.
"use strict";

window.EditGraphs = function (ctx) {
  const $ = (id) => document.getElementById(id);

  // ---- A Risk variant: rules, continents, borders, territories ---------------------------

  const RULE_CHOICES = {
    distribution: ["random", "pick"],
    conquest_move: ["min", "max"],
    compat: ["standard", "rossato2023"],
  };

  // One change to the variant: undoable, then checked (the designer's playtest).
  const change = (apply) => ctx.change(apply, drawRisk);

  function territoryName(id) {
    const t = ctx.doc().map.territories.find((x) => x.id === id);
    return t ? t.name : String(id);
  }

  function drawRisk() {
    const map = ctx.doc().map;
    // Rules: a number or a choice each.
    const rules = $("riskrules");
    rules.textContent = "";
    for (const [name, value] of Object.entries(ctx.doc().rules)) {
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
        change(() => (ctx.doc().rules[name] = read));
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
      row.classList.toggle("marked", ctx.marked().has(c.name));
      row.insertCell().textContent = c.name;
      const bonus = document.createElement("input");
      bonus.type = "number";
      bonus.min = "0";
      bonus.value = String(c.bonus);
      bonus.dataset.bonus = String(i);
      bonus.addEventListener("change", () => {
        const value = Number(bonus.value);
        if (!Number.isInteger(value) || value < 0) return;
        change(() => (ctx.doc().map.continents[i].bonus = value));
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
        change(() => (ctx.doc().map.borders = ctx.doc().map.borders.filter(([x, y]) => !(x === a && y === b)))),
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
      row.classList.toggle("marked", ctx.marked().has(t.name));
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
          for (const c of ctx.doc().map.continents) c.territories = c.territories.filter((x) => x !== t.id);
          ctx.doc().map.continents[to].territories.push(t.id);
          ctx.doc().map.continents[to].territories.sort((x, y) => x - y);
        });
      });
      row.insertCell().append(select);
    }
  }

  $("addborder").addEventListener("click", () => {
    const a = Number($("bordera").value);
    const b = Number($("borderb").value);
    const [x, y] = a < b ? [a, b] : [b, a];
    if (x === y || ctx.doc().map.borders.some(([p, q]) => (p === x && q === y) || (p === y && q === x))) {
      ctx.say(x === y ? "A border joins two territories: pick two." : "These two already share a border.");
      return;
    }
    ctx.say("");
    change(() => ctx.doc().map.borders.push([x, y]));
  });

  // ---- A portal dungeon: each room's portals --------------------------------------------

  // One change to the dungeon, drawn again and checked.
  const changePortals = (apply) => ctx.change(apply, drawPortals);

  function drawPortals() {
    const rooms = ctx.doc().dungeon.rooms;
    const table = $("portalrooms");
    table.textContent = "";
    const head = table.insertRow();
    for (const title of ["room", "portals", "keep"]) {
      const th = document.createElement("th");
      th.textContent = title;
      head.append(th);
    }
    for (const room of rooms) {
      const row = table.insertRow();
      const name = `room ${room.id}`;
      row.dataset.room = name;
      row.classList.toggle("marked", ctx.marked().has(name));
      const label = room.id === ctx.doc().dungeon.origin ? `${name} (origin)` : room.id === ctx.doc().dungeon.exit ? `${name} (exit)` : name;
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
      // Kept in every suggestion: the room's number and its portals.
      const keep = document.createElement("input");
      keep.type = "checkbox";
      keep.className = "keeproom";
      keep.value = name;
      keep.checked = ctx.locks().has(name);
      keep.title = `suggestions keep ${name} and its portals`;
      keep.addEventListener("change", () => ctx.lock(name, keep.checked));
      row.insertCell().append(keep);
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
    const room = ctx.doc().dungeon.rooms.find((r) => r.id === from);
    if (!room || from === to || room.portals.includes(to)) {
      ctx.say(from === to ? "A portal leads to another room: pick two." : "That portal is there already.");
      return;
    }
    ctx.say("");
    changePortals(() => room.portals.push(to));
  });

  return { drawRisk, drawPortals };
};
