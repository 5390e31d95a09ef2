// The library page: reads the filters into a query of GET /api/library, keeps them in the
// address (so a search can be linked), and shows the rows found as cards with thumbnails.
"use strict";

(function () {
  const page = document.querySelector(".librarypage");
  if (!page || !page.dataset.library) return;
  const $ = (id) => document.getElementById(id);

  function number(x) {
    if (Number.isInteger(x)) return x.toLocaleString("en");
    return Math.abs(x) >= 100 ? x.toFixed(1) : Number(x.toPrecision(4)).toString();
  }

  function words(key) {
    const text = key.split(".").map((part) => part.replace(/_/g, " ")).join(" · ");
    return text.charAt(0).toUpperCase() + text.slice(1);
  }

  function params() {
    const p = new URLSearchParams();
    if ($("job").value) p.set("job", $("job").value);
    for (const line of $("where").value.split("\n")) if (line.trim()) p.append("where", line.trim());
    if ($("sort").value.trim()) p.set("sort", $("sort").value.trim());
    if ($("limit").value.trim()) p.set("limit", $("limit").value.trim());
    return p;
  }

  function fill(p) {
    $("job").value = p.get("job") || "";
    $("where").value = p.getAll("where").join("\n");
    $("sort").value = p.get("sort") || "";
    $("limit").value = p.get("limit") || "60";
  }

  // The numbers worth a card's few lines: descriptors and fitness first, then a handful more.
  function highlights(numbers, wheres) {
    const keys = Object.keys(numbers);
    const named = wheres.map((w) => w.split(/[=<>]/)[0].trim());
    const first = keys.filter((k) => named.some((n) => k === n || k.endsWith(`.${n}`)));
    const rest = keys.filter((k) => k.startsWith("descriptors.") || k === "fitness" || k === "min_moves");
    // One line per name: an elite's `descriptors.min_moves` and its result's `min_moves` agree.
    const seen = new Set();
    return [...new Set([...first, ...rest])]
      .filter((k) => {
        const name = k.replace(/^descriptors\./, "");
        if (seen.has(name)) return false;
        seen.add(name);
        return true;
      })
      .slice(0, 6);
  }

  async function keys() {
    const p = new URLSearchParams();
    if ($("job").value) p.set("job", $("job").value);
    const answer = await fetch(`/api/library/keys?${p}`).then((r) => r.json()).catch(() => ({}));
    const list = answer.keys || [];
    // The names come from result files: they reach the page as values, never as markup.
    $("keylist").replaceChildren(...list.flatMap((k) => [k, `${k}:desc`].map((value) => {
      const option = document.createElement("option");
      option.value = value;
      return option;
    })));
    $("keys").textContent = list.length ? `Numbers here: ${list.slice(0, 12).join(", ")}${list.length > 12 ? ", …" : ""}.` : "";
  }

  let asked = 0; // the latest search: an older answer arriving late is dropped

  // The jobs whose results the editor opens.
  let editable = new Set();
  const editing = fetch("/api/jobs")
    .then((r) => r.json())
    .then((jobs) => (editable = new Set(jobs.filter((j) => j.editable).map((j) => j.id))))
    .catch(() => {});

  async function find() {
    await editing;
    const p = params();
    const mine = ++asked;
    history.replaceState(null, "", `/library?${p}`);
    $("problem").textContent = "";
    $("found").textContent = "";
    const response = await fetch(`/api/library?${p}`);
    const answer = await response.json().catch(() => ({}));
    if (mine !== asked) return;
    const shelf = $("shelf");
    shelf.innerHTML = "";
    if (!response.ok) {
      $("problem").textContent = answer.error || `The studio answered ${response.status}.`;
      $("found").textContent = "";
      return;
    }
    const shown = answer.rows.length;
    $("found").textContent =
      answer.count === 0
        ? "Nothing matches: widen the ranges or choose another job."
        : `${number(answer.count)} ${answer.count === 1 ? "result matches" : "results match"}${shown < answer.count ? `; the first ${shown} are shown` : ""}.`;
    const wheres = p.getAll("where");
    for (const row of answer.rows) {
      const card = document.createElement("article");
      card.className = "card item";
      card.dataset.id = row.id;
      const img = document.createElement("img");
      img.loading = "lazy";
      img.src = row.picture;
      img.alt = `result ${row.id}`;
      img.onerror = () => img.replaceWith(Object.assign(document.createElement("div"), { className: "noimage" }));
      card.appendChild(img);
      const title = document.createElement("h2");
      title.textContent = `${row.job || row.generator} · seed ${row.seed ?? "–"}`;
      card.appendChild(title);
      const table = document.createElement("table");
      table.className = "scores";
      for (const k of highlights(row.numbers, wheres)) {
        const tr = table.insertRow();
        const th = document.createElement("th");
        th.textContent = words(k.replace(/^descriptors\./, ""));
        th.title = k;
        tr.appendChild(th);
        tr.insertCell().textContent = number(row.numbers[k]);
      }
      card.appendChild(table);
      const foot = document.createElement("p");
      const a = document.createElement("a");
      a.href = row.url;
      a.className = "download";
      a.textContent = "Download";
      a.download = "";
      foot.appendChild(a);
      if (editable.has(row.job)) {
        foot.appendChild(document.createTextNode(" · "));
        const edit = document.createElement("a");
        edit.href = `/edit?library=${encodeURIComponent(row.id)}`;
        edit.className = "edit";
        edit.textContent = "Edit";
        foot.appendChild(edit);
      }
      foot.appendChild(document.createTextNode(` · row ${row.id} · added ${row.added.replace("T", " ").replace("Z", " UTC")}`));
      card.appendChild(foot);
      shelf.appendChild(card);
    }
  }

  $("filters").addEventListener("submit", (e) => {
    e.preventDefault();
    find();
  });
  $("job").addEventListener("change", keys);
  fill(new URLSearchParams(location.search));
  keys();
  find();
})();
