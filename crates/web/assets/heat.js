// An exploration's archive drawn on a canvas: the first axis across, the second up, a panel
// for every cell of a third; filled cells coloured by their elite's fitness (viridis), empty
// cells pale and hatched. Cells are numbered as the archive numbers them, the last axis
// fastest. Used live while a run fills the archive, and to pick an elite once it is done.
"use strict";

window.HeatMap = (function () {
  // Viridis at eleven stops.
  const STOPS = [
    [68, 1, 84], [72, 35, 116], [64, 67, 135], [52, 94, 141], [41, 120, 142], [32, 144, 140],
    [34, 167, 132], [68, 190, 112], [121, 209, 81], [189, 222, 38], [253, 231, 37],
  ];

  function viridis(t) {
    const x = Math.min(1, Math.max(0, t)) * (STOPS.length - 1);
    const i = Math.min(STOPS.length - 2, Math.floor(x));
    const f = x - i;
    const c = STOPS[i].map((v, k) => Math.round(v + f * (STOPS[i + 1][k] - v)));
    return `rgb(${c[0]},${c[1]},${c[2]})`;
  }

  function label(axis) {
    const name = axis.name.replace(/_/g, " ");
    // "rooms", not "rooms (rooms)".
    return axis.unit && axis.unit !== axis.name ? `${name} (${axis.unit})` : name;
  }

  function short(x) {
    if (Number.isInteger(x)) return x.toLocaleString("en");
    return Math.abs(x) >= 100 ? x.toFixed(0) : Number(x.toPrecision(3)).toString();
  }

  class HeatMap {
    constructor(canvas, options) {
      this.canvas = canvas;
      this.options = options || {};
      this.axes = null;
      this.values = new Map();
      this.selected = null;
      this.hover = null;
      this.pending = false;
      // Reachable from the page (and its tests) through the canvas.
      canvas.heatmap = this;
      canvas.addEventListener("mousemove", (e) => this.moved(e));
      canvas.addEventListener("mouseleave", () => {
        this.hover = null;
        this.redraw();
      });
      canvas.addEventListener("click", (e) => {
        const cell = this.cellAt(e);
        if (cell !== null && this.options.pick) this.options.pick(cell, this.values.get(cell));
      });
      window.addEventListener("resize", () => this.redraw());
    }

    // A new grid: forgets every cell.
    grid(axes) {
      this.axes = axes;
      this.values = new Map();
      this.selected = null;
      this.redraw();
    }

    set(cells) {
      for (const [cell, value] of cells) this.values.set(cell, value);
      this.redraw();
    }

    clear() {
      this.values = new Map();
      this.redraw();
    }

    select(cell) {
      this.selected = cell;
      this.redraw();
    }

    // The coordinates of a cell, one per axis.
    coordinates(cell) {
      const out = new Array(this.axes.length);
      let rest = cell;
      for (let i = this.axes.length - 1; i >= 0; i--) {
        out[i] = rest % this.axes[i].cells;
        rest = Math.floor(rest / this.axes[i].cells);
      }
      return out;
    }

    number(coordinates) {
      return coordinates.reduce((n, c, i) => n * this.axes[i].cells + c, 0);
    }

    // The range a cell covers along each axis.
    edges(cell) {
      return this.coordinates(cell).map((c, i) => {
        const a = this.axes[i];
        const w = (a.high - a.low) / a.cells;
        return [a.low + c * w, a.low + (c + 1) * w];
      });
    }

    describe(cell) {
      return this.edges(cell)
        .map(([lo, hi], i) => `${this.axes[i].name.replace(/_/g, " ")} ${short(lo)}–${short(hi)}`)
        .join(", ");
    }

    // Panel layout in CSS pixels.
    layout() {
      const width = this.canvas.clientWidth || 600;
      const [a, b] = this.axes;
      const panels = this.axes.length > 2 ? this.axes[2].cells : 1;
      const columns = panels === 1 ? 1 : Math.ceil(Math.sqrt(panels * 1.5));
      const rows = Math.ceil(panels / columns);
      // With panels, a line above them names the third axis; each panel is titled by its range.
      const left = 54, right = 78, top = panels > 1 ? 38 : 8, bottom = 42, gap = panels > 1 ? 26 : 0;
      const pw = (width - left - right - gap * (columns - 1)) / columns;
      const cw = pw / a.cells;
      const ch = Math.max(2, Math.min(cw * 1.6, 340 / (b.cells * rows)));
      const ph = ch * b.cells;
      const height = top + rows * ph + (rows - 1) * (gap + 14) + bottom;
      return { width, height, left, right, top, bottom, gap, columns, rows, panels, pw, ph, cw, ch };
    }

    origin(l, panel) {
      const col = panel % l.columns;
      const row = Math.floor(panel / l.columns);
      return [l.left + col * (l.pw + l.gap), l.top + row * (l.ph + l.gap + 14)];
    }

    cellAt(e) {
      if (!this.axes) return null;
      const rect = this.canvas.getBoundingClientRect();
      const x = e.clientX - rect.left;
      const y = e.clientY - rect.top;
      const l = this.layout();
      for (let p = 0; p < l.panels; p++) {
        const [ox, oy] = this.origin(l, p);
        if (x >= ox && x < ox + l.pw && y >= oy && y < oy + l.ph) {
          const i = Math.floor((x - ox) / l.cw);
          const j = this.axes[1].cells - 1 - Math.floor((y - oy) / l.ch);
          const coordinates = this.axes.length > 2 ? [i, j, p] : [i, j];
          return this.number(coordinates);
        }
      }
      return null;
    }

    moved(e) {
      const cell = this.cellAt(e);
      if (cell !== this.hover) {
        this.hover = cell;
        const value = cell === null ? undefined : this.values.get(cell);
        this.canvas.title =
          cell === null ? "" : `${this.describe(cell)}: ${value === undefined ? "empty" : short(value)}`;
        this.canvas.style.cursor = value !== undefined && this.options.pick ? "pointer" : "default";
        this.redraw();
      }
    }

    redraw() {
      if (this.pending) return;
      this.pending = true;
      requestAnimationFrame(() => {
        this.pending = false;
        this.paint();
      });
    }

    paint() {
      if (!this.axes) return;
      const l = this.layout();
      const ratio = window.devicePixelRatio || 1;
      const c = this.canvas;
      c.style.height = `${l.height}px`;
      c.width = Math.round(l.width * ratio);
      c.height = Math.round(l.height * ratio);
      const g = c.getContext("2d");
      g.setTransform(ratio, 0, 0, ratio, 0, 0);
      g.clearRect(0, 0, l.width, l.height);
      let lo = Infinity, hi = -Infinity;
      for (const v of this.values.values()) {
        lo = Math.min(lo, v);
        hi = Math.max(hi, v);
      }
      const span = hi > lo ? hi - lo : 1;
      const [a, b] = this.axes;
      const hatch = g.createPattern(this.hatch(), "repeat");
      g.font = "11px system-ui, sans-serif";
      for (let p = 0; p < l.panels; p++) {
        const [ox, oy] = this.origin(l, p);
        g.fillStyle = hatch;
        g.fillRect(ox, oy, l.pw, l.ph);
        for (let i = 0; i < a.cells; i++) {
          for (let j = 0; j < b.cells; j++) {
            const cell = this.number(this.axes.length > 2 ? [i, j, p] : [i, j]);
            const v = this.values.get(cell);
            if (v === undefined) continue;
            g.fillStyle = viridis((v - lo) / span);
            const x = ox + i * l.cw, y = oy + (b.cells - 1 - j) * l.ch;
            g.fillRect(x, y, Math.ceil(l.cw), Math.ceil(l.ch));
          }
        }
        g.strokeStyle = "#555";
        g.lineWidth = 1;
        g.strokeRect(ox + 0.5, oy + 0.5, l.pw - 1, l.ph - 1);
        if (l.panels > 1) {
          const z = this.axes[2];
          const w = (z.high - z.low) / z.cells;
          g.fillStyle = "#333";
          g.textAlign = "left";
          if (p === 0) {
            g.font = "bold 12px system-ui, sans-serif";
            g.fillText(`Panels: ${z.name.replace(/_/g, " ")}`, l.left, 13);
          }
          // The range alone, smaller when the panel is narrow: titles never run into the next.
          const title = `${short(z.low + p * w)}–${short(z.low + (p + 1) * w)}`;
          let size = 11;
          g.font = `${size}px system-ui, sans-serif`;
          while (size > 7 && g.measureText(title).width > l.pw - 2) {
            size -= 1;
            g.font = `${size}px system-ui, sans-serif`;
          }
          g.fillText(title, ox, oy - 5);
          g.font = "11px system-ui, sans-serif";
        }
        // Ticks: the ends of each axis.
        g.fillStyle = "#444";
        g.textAlign = "left";
        g.fillText(short(a.low), ox, oy + l.ph + 13);
        g.textAlign = "right";
        g.fillText(short(a.high), ox + l.pw, oy + l.ph + 13);
        if (p % l.columns === 0) {
          g.fillText(short(b.low), ox - 4, oy + l.ph);
          g.fillText(short(b.high), ox - 4, oy + 10);
        }
      }
      for (const [cell, colour, width] of [[this.hover, "#fff", 2], [this.selected, "#e4572e", 3]]) {
        if (cell === null || cell === undefined) continue;
        const co = this.coordinates(cell);
        const [ox, oy] = this.origin(l, co.length > 2 ? co[2] : 0);
        g.strokeStyle = colour;
        g.lineWidth = width;
        g.strokeRect(ox + co[0] * l.cw, oy + (b.cells - 1 - co[1]) * l.ch, l.cw, l.ch);
      }
      g.fillStyle = "#222";
      g.textAlign = "center";
      g.font = "12px system-ui, sans-serif";
      const plotWidth = l.width - l.left - l.right;
      g.fillText(label(a), l.left + plotWidth / 2, l.height - 10);
      g.save();
      g.translate(14, l.top + (l.height - l.top - l.bottom) / 2);
      g.rotate(-Math.PI / 2);
      g.fillText(label(b), 0, 0);
      g.restore();
      // The colour bar.
      const bx = l.width - l.right + 18, by = l.top, bh = l.height - l.top - l.bottom;
      for (let k = 0; k < bh; k++) {
        g.fillStyle = viridis(1 - k / bh);
        g.fillRect(bx, by + k, 12, 1.5);
      }
      g.strokeStyle = "#555";
      g.lineWidth = 1;
      g.strokeRect(bx + 0.5, by + 0.5, 11, bh - 1);
      g.fillStyle = "#333";
      g.textAlign = "left";
      g.font = "11px system-ui, sans-serif";
      if (this.values.size > 0) {
        g.fillText(short(hi), bx + 16, by + 9);
        g.fillText(short(lo), bx + 16, by + bh);
      }
      g.save();
      g.translate(l.width - 6, by + bh / 2);
      g.rotate(-Math.PI / 2);
      g.textAlign = "center";
      g.fillText(this.options.valueName || "fitness", 0, 0);
      g.restore();
    }

    hatch() {
      const tile = document.createElement("canvas");
      tile.width = tile.height = 8;
      const t = tile.getContext("2d");
      t.fillStyle = "#f3f1ec";
      t.fillRect(0, 0, 8, 8);
      t.strokeStyle = "#d8d4cc";
      t.beginPath();
      t.moveTo(0, 8);
      t.lineTo(8, 0);
      t.stroke();
      return tile;
    }
  }

  HeatMap.viridis = viridis;
  return HeatMap;
})();
