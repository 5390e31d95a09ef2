// The job page: reads the form into parameters, starts a run through the JSON API, follows
// its progress (server-sent events), and shows the picture, the scores and the files.
"use strict";

(function () {
  const page = document.querySelector(".jobpage");
  if (!page) return;
  const job = page.dataset.job;
  const $ = (id) => document.getElementById(id);
  const form = $("form");
  let current = null; // the run being shown
  let source = null; // its event stream
  let chart = []; // [done, best] points of the current stage
  let stage = -1;
  const explore = page.dataset.explore === "true";
  let live = null; // the archive drawn as it fills
  let shelf = null; // the finished archive, to pick elites from

  // ---- Reading the form ------------------------------------------------------------------

  class Problem extends Error {
    constructor(element, message) {
      super(message);
      this.element = element;
    }
  }

  function labelOf(el) {
    const label = form.querySelector(`label[for="${el.id}"]`);
    if (label) return label.textContent.trim();
    const field = el.closest(".field");
    const first = field && field.querySelector("label");
    return first ? first.textContent.trim() : el.dataset.path;
  }

  function put(target, path, value) {
    const parts = path.split(".");
    let at = target;
    for (const part of parts.slice(0, -1)) {
      if (typeof at[part] !== "object" || at[part] === null) at[part] = {};
      at = at[part];
    }
    at[parts[parts.length - 1]] = value;
  }

  function read(el) {
    const kind = el.dataset.kind;
    const nullable = el.dataset.null === "1";
    const text = typeof el.value === "string" ? el.value.trim() : "";
    const empty = text === "";
    switch (kind) {
      case "integer":
      case "number": {
        if (empty) {
          if (nullable) return null;
          throw new Problem(el, `${labelOf(el)}: give a number`);
        }
        if (!el.checkValidity()) throw new Problem(el, `${labelOf(el)}: ${el.validationMessage}`);
        return Number(text);
      }
      case "boolean":
        return el.checked;
      case "choice":
        return JSON.parse(el.value);
      case "text":
        return empty && nullable ? null : el.value;
      case "numbers": {
        if (empty) return nullable ? null : [];
        return text.split(",").map((part) => {
          const n = Number(part.trim());
          if (part.trim() === "" || Number.isNaN(n)) {
            throw new Problem(el, `${labelOf(el)}: “${part.trim()}” is not a number`);
          }
          return n;
        });
      }
      case "choices":
        if (empty) return nullable ? null : [];
        return text.split(",").map((part) => part.trim());
      case "content": {
        if (empty) return null;
        try {
          const parsed = JSON.parse(text);
          return typeof parsed === "object" ? parsed : el.value;
        } catch (e) {
          return el.value;
        }
      }
      case "file":
        // No file given: absent, so the job says "no … given" in its own words.
        if (empty) return nullable ? null : undefined;
        return { name: el.dataset.name || null, content: el.value };
      case "files": {
        if (empty) return [];
        try {
          return JSON.parse(text);
        } catch (e) {
          throw new Problem(el, `${labelOf(el)}: choose the files again`);
        }
      }
      default: {
        if (empty) return null;
        try {
          return JSON.parse(text);
        } catch (e) {
          throw new Problem(el, `${labelOf(el)}: not JSON (${e.message})`);
        }
      }
    }
  }

  // A list at `path`, made when missing.
  function list(target, path) {
    const parts = path.split(".");
    let at = target;
    for (const part of parts.slice(0, -1)) {
      if (typeof at[part] !== "object" || at[part] === null) at[part] = {};
      at = at[part];
    }
    const last = parts[parts.length - 1];
    if (!Array.isArray(at[last])) at[last] = [];
    return at[last];
  }

  // An optional group (a table size) whose fields are all empty is left out of the parameters.
  function untouched(group) {
    return Array.from(group.querySelectorAll("[data-path]")).every(
      (el) => el.type === "checkbox" || (typeof el.value === "string" && el.value.trim() === ""),
    );
  }

  function collect() {
    const params = {};
    for (const el of form.querySelectorAll("[data-path]")) {
      const group = el.closest("fieldset[data-optional]");
      if (group && untouched(group)) continue;
      if (el.dataset.kind === "pick") {
        // Places of an ordered choice (the descriptors): the empty ones are dropped.
        const chosen = list(params, el.dataset.path);
        if (el.value !== "") chosen.push(JSON.parse(el.value));
        continue;
      }
      if (el.dataset.kind === "tick") {
        // Boxes ticked, in the schema's order; none ticked of a list that may be left out:
        // the job's default.
        const chosen = list(params, el.dataset.path);
        if (el.checked) chosen.push(JSON.parse(el.value));
        const box = el.closest(".ticks");
        if (box.dataset.null === "1" && !box.querySelector("input:checked")) put(params, el.dataset.path, null);
        continue;
      }
      if (el.dataset.kind === "place") {
        const text = el.value.trim();
        if (text === "") throw new Problem(el, `${labelOf(el)}: choose one for every place`);
        list(params, el.dataset.path)[Number(el.dataset.index)] = el.tagName === "SELECT" ? JSON.parse(el.value) : text;
        continue;
      }
      try {
        const value = read(el);
        if (value !== undefined) put(params, el.dataset.path, value);
      } catch (e) {
        if (e instanceof Problem && group) {
          const name = group.querySelector("legend").firstChild.textContent.trim();
          e.message += `, or leave every field of “${name}” empty`;
        }
        throw e;
      }
    }
    const seedField = $("seed");
    if (!/^\d+$/.test(seedField.value.trim())) {
      throw new Problem(seedField, "Seed: give a whole number from 0 up");
    }
    return { params, seed: Number(seedField.value.trim()), seedText: seedField.value.trim() };
  }

  // A chosen file's text: UTF-8, or, for a Domination map (which Domination writes in
  // ISO-8859-1), each byte as its Latin-1 character, as the command line reads it.
  async function fileText(file) {
    const bytes = new Uint8Array(await file.arrayBuffer());
    try {
      return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch (notUtf8) {
      const latin1 = Array.from(bytes, (b) => String.fromCharCode(b)).join("");
      if (latin1.includes("[borders]")) {
        return latin1;
      }
      // Anything else is shown as UTF-8 (with a mark for each byte it cannot read), for the
      // job to say what is wrong with it.
      return new TextDecoder("utf-8").decode(bytes);
    }
  }

  // Files chosen with an upload button fill the field they belong to.
  for (const upload of form.querySelectorAll("input.upload")) {
    upload.addEventListener("change", async () => {
      const target = $(upload.dataset.for);
      const files = Array.from(upload.files);
      if (target.dataset.kind === "files") {
        const read = await Promise.all(files.map(async (f) => ({ name: f.name, content: await fileText(f) })));
        target.value = JSON.stringify(read);
      } else if (files.length > 0) {
        target.value = await fileText(files[0]);
        target.dataset.name = files[0].name;
      }
      target.dispatchEvent(new Event("input", { bubbles: true }));
    });
  }

  // ---- Running ------------------------------------------------------------------------------

  function say(message) {
    $("problem").textContent = message || "";
  }

  function busy(running) {
    $("run").disabled = running;
    $("again").disabled = running;
    $("cancel").disabled = !running;
  }

  async function start() {
    say("");
    let request;
    try {
      request = collect();
    } catch (e) {
      if (e instanceof Problem) {
        say(e.message);
        if (e.element) e.element.focus();
        return;
      }
      throw e;
    }
    busy(true);
    // The seed goes as written: JSON numbers past 2^53 would lose digits in JavaScript.
    const body = `{"job":${JSON.stringify(job)},"params":${JSON.stringify(request.params)},"seed":${request.seedText}}`;
    let response;
    try {
      response = await fetch("/api/runs", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body,
      });
    } catch (e) {
      busy(false);
      say(`The studio cannot be reached (${e.message}). Is it still running?`);
      return;
    }
    const answer = await response.json().catch(() => ({}));
    if (!response.ok) {
      busy(false);
      say(answer.error || `The studio answered ${response.status}.`);
      return;
    }
    // The address holds the job, the settings and the seed: bookmarked, it shows this run
    // while the studio keeps it and makes the same content again after.
    history.replaceState(null, "", answer.address);
    follow(answer.id);
  }

  function reset() {
    chart = [];
    stage = -1;
    $("idle").hidden = true;
    $("progress").hidden = false;
    $("done").hidden = true;
    $("failed").hidden = true;
    $("lines").textContent = "";
    $("lines").hidden = true;
    if ($("kept")) $("kept").textContent = "";
    $("chart").innerHTML = "";
    $("fill").style.width = "0";
    if (explore) {
      $("live").hidden = true;
      $("shelf").hidden = true;
      $("elite").hidden = true;
      if (live) live.clear();
    }
  }

  function follow(id) {
    current = id;
    if (source) source.close();
    reset();
    $("result").scrollIntoView({ block: "nearest" });
    busy(true);
    source = new EventSource(`/api/runs/${id}/events`);
    source.addEventListener("progress", (e) => progress(JSON.parse(e.data)));
    source.addEventListener("done", (e) => {
      source.close();
      finished(JSON.parse(e.data));
    });
    source.addEventListener("error", (e) => {
      source.close();
      busy(false);
      if (e.data) {
        const data = JSON.parse(e.data);
        failed(data.error || `The run ${data.status}.`);
      } else {
        failed("The connection to the studio was lost. Reload the page to see how the run ended.");
      }
    });
  }

  function number(x) {
    if (x === null || x === undefined) return "–";
    if (Number.isInteger(x)) return x.toLocaleString("en");
    return Math.abs(x) >= 100 ? x.toFixed(1) : x.toPrecision(4);
  }

  function progress(p) {
    if (p.stage !== stage) {
      stage = p.stage;
      chart = [];
    }
    chart.push(...p.chart);
    $("stage").textContent = p.status === "queued" ? "Waiting for a free place…" : p.name || "Working…";
    // "matings: 52,910 of 1,000,000" rather than "matings 52,910 of 1,000,000 matings".
    const unit = p.unit === p.name ? "" : ` ${p.unit}`;
    $("count").textContent = p.total ? `${number(p.done)} of ${number(p.total)}${unit}` : p.done ? `${number(p.done)}${unit}` : "";
    $("fill").style.width = p.fraction === null ? "0" : `${(100 * p.fraction).toFixed(1)}%`;
    $("fill").classList.toggle("unknown", p.fraction === null && p.status === "running");
    $("best").textContent = number(p.best);
    $("elapsed").textContent = `${p.elapsed.toFixed(1)} s`;
    if (p.lines.length > 0) {
      $("lines").hidden = false;
      $("lines").textContent += p.lines.join("\n") + "\n";
    }
    draw(p.total);
    if (p.heat) heat(p.heat);
  }

  // Cells of the archive the page has not seen yet; a log starting again (from 0) brings the
  // axes and replaces what was drawn.
  function heat(h) {
    if (!explore) return;
    $("live").hidden = false;
    if (!live) live = new HeatMap($("heat"), { valueName: "fitness" });
    if (h.from === 0) live.grid(h.axes);
    live.set(h.cells);
    const cells = live.axes.reduce((n, a) => n * a.cells, 1);
    $("filled").textContent = `${number(h.filled)} of ${number(cells)}`;
  }

  // The finished archive: every elite's cell and fitness, a click shows one.
  async function showShelf(run) {
    const response = await fetch(`/api/runs/${run.id}/elites`);
    if (!response.ok) return;
    const archive = await response.json();
    $("shelf").hidden = false;
    $("figure").hidden = true;
    $("live").hidden = true;
    const byCell = new Map(archive.elites.map((e) => [e.cell, e]));
    if (!shelf) {
      shelf = new HeatMap($("shelfmap"), { valueName: "fitness" });
    }
    shelf.options.pick = (cell) => {
      const elite = byCell.get(cell);
      if (elite) pick(run, elite, shelf);
    };
    shelf.grid(archive.axes);
    shelf.set(archive.elites.map((e) => [e.cell, e.fitness]));
    $("shelfcount").textContent =
      `${number(archive.filled)} of ${number(archive.cells)} cells filled (coverage ${(100 * archive.coverage).toFixed(1)}%), QD score ${number(archive.qd_score)}`;
    if (archive.best) {
      const best = byCell.get(archive.best.cell);
      if (best) pick(run, best, shelf);
    }
  }

  function pick(run, elite, map) {
    map.select(elite.cell);
    $("elite").hidden = false;
    $("elitetitle").textContent = `Cell ${elite.cell}: ${map.describe(elite.cell)}`;
    $("elitepicture").src = `${elite.url}/picture`;
    const table = $("elitetable");
    table.innerHTML = "";
    const row = (name, value, key) => {
      const tr = table.insertRow();
      const th = document.createElement("th");
      th.textContent = name;
      if (key) th.title = key;
      tr.appendChild(th);
      tr.insertCell().textContent = value;
    };
    row("Fitness", number(elite.fitness), "fitness");
    for (const [k, v] of Object.entries(elite.descriptors)) row(words(k), number(v), `descriptors.${k}`);
    const link = $("elitedownload");
    link.href = elite.url;
    link.download = `${run.job}-${run.seed}-cell${elite.cell}.json`;
    if ($("eliteedit")) {
      $("eliteedit").href = `/edit?run=${encodeURIComponent(run.id)}&cell=${elite.cell}`;
    }
  }

  function draw(total) {
    const svg = $("chart");
    if (chart.length < 2) {
      svg.innerHTML = "";
      return;
    }
    const xs = chart.map((p) => p[0]);
    const ys = chart.map((p) => p[1]);
    const x0 = 0;
    // The bar shows how much of the budget is spent; the chart spreads what has been done.
    const x1 = Math.max(...xs) * 1.05 || 1;
    let y0 = Math.min(...ys);
    let y1 = Math.max(...ys);
    if (y1 === y0) {
      y0 -= 1;
      y1 += 1;
    }
    const W = 600, H = 200, pad = 8;
    const sx = (x) => pad + ((x - x0) / (x1 - x0)) * (W - 2 * pad);
    const sy = (y) => H - pad - ((y - y0) / (y1 - y0)) * (H - 2 * pad);
    const points = chart.map((p) => `${sx(p[0]).toFixed(1)},${sy(p[1]).toFixed(1)}`).join(" ");
    svg.innerHTML =
      `<rect x="0" y="0" width="${W}" height="${H}" class="plot"/>` +
      `<polyline points="${points}" class="line"/>` +
      `<text x="${W - pad}" y="${pad + 12}" text-anchor="end" class="axis">${number(y1)}</text>` +
      `<text x="${W - pad}" y="${H - pad - 4}" text-anchor="end" class="axis">${number(y0)}</text>`;
  }

  const endings = {
    done: "Done.",
    interrupted: "Stopped: the files hold the best found so far.",
    "target-missed": "The target was not met: the files hold the best found.",
    "short-of-reference": "Done, but short of the published figure it was checked against.",
  };

  function words(key) {
    const text = key.split(".").map((part) => part.replace(/_/g, " ")).join(" · ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function size(bytes) {
    if (bytes === null || bytes === undefined) return "made when opened";
    if (bytes < 1024) return `${bytes} B`;
    if (bytes < 1 << 20) return `${(bytes / 1024).toFixed(1)} KB`;
    return `${(bytes / (1 << 20)).toFixed(1)} MB`;
  }

  function finished(run) {
    busy(false);
    $("progress").hidden = true;
    $("done").hidden = false;
    $("ending").textContent = `${endings[run.ending] || run.ending} Seed ${run.seed}, ${run.progress.elapsed.toFixed(2)} s.`;
    const notes = $("notes");
    notes.innerHTML = "";
    for (const note of run.notes || []) {
      const li = document.createElement("li");
      li.textContent = note;
      notes.appendChild(li);
    }
    const files = run.files || [];
    const picture = ["svg", "png", "plot", "plot-png"].map((r) => files.find((f) => f.role === r)).find((f) => f);
    $("figure").hidden = !picture;
    if (picture) $("picture").src = picture.url;
    Summary.render($("scores"), run.summary);
    const list = $("files");
    list.innerHTML = "";
    for (const f of files) {
      const li = document.createElement("li");
      const a = document.createElement("a");
      a.href = f.url;
      // A file another file names (a Tiled map's tileset image) keeps that name.
      a.download = f.save_as || `${run.job}-${run.seed}-${f.name}`;
      a.textContent = f.name;
      a.className = "download";
      a.dataset.role = f.role;
      li.appendChild(a);
      li.appendChild(document.createTextNode(` ${f.media_type.split(";")[0]}, ${size(f.size)}`));
      list.appendChild(li);
    }
    if ($("edit")) $("edit").href = `/edit?run=${encodeURIComponent(run.id)}`;
    $("permalink").href = run.permalink;
    $("permalink").textContent = location.origin + run.permalink;
    if (explore && run.summary && run.summary.generator === "ludoforge explore") showShelf(run);
  }

  function failed(message) {
    $("progress").hidden = true;
    $("failed").hidden = false;
    $("failed").textContent = message;
  }

  form.addEventListener("submit", (e) => {
    e.preventDefault();
    start();
  });
  $("again").addEventListener("click", () => {
    $("seed").value = String(Math.floor(Math.random() * 1e9));
    start();
  });
  $("cancel").addEventListener("click", async () => {
    if (current) {
      await fetch(`/api/runs/${current}`, { method: "DELETE", headers: { "Content-Type": "application/json" } });
    }
  });
  if ($("keep")) {
    $("keep").addEventListener("click", async () => {
      if (!current) return;
      $("keep").disabled = true;
      const response = await fetch("/api/library", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ run: current }),
      }).catch((e) => ({ ok: false, json: async () => ({ error: e.message }) }));
      const answer = await response.json().catch(() => ({}));
      $("keep").disabled = false;
      $("kept").textContent = response.ok
        ? `Kept: ${number(answer.added)} new, ${number(answer.already)} already there. `
        : answer.error || "It could not be kept.";
      if (response.ok) {
        const link = document.createElement("a");
        link.href = `/library?job=${encodeURIComponent(job)}`;
        link.textContent = "See them in the library.";
        $("kept").appendChild(link);
      }
    });
  }
  $("reset").addEventListener("click", () => {
    location.href = `/jobs/${job}`;
  });

  if (page.dataset.run) {
    follow(page.dataset.run);
  } else if (page.dataset.autorun === "true") {
    start();
  }
})();
