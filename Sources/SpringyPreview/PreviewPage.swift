/// The preview page: plain HTML and JavaScript shipped with the binary (no CDN, no build step).
enum PreviewPage {
    static let html = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>Springy preview</title>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 16px; color: #1c1c1e; display: flex; gap: 16px; }
        #stage img { max-height: 80vh; border: 1px solid #d1d1d6; display: block; }
        #controls { margin-top: 8px; display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
        #scrub { width: 360px; }
        #errors { color: #d70015; white-space: pre-wrap; font-family: monospace; }
        #warnings, #notes { color: #a05a00; white-space: pre-wrap; font-family: monospace; }
        #trace { font-family: monospace; font-size: 12px; max-width: 420px; max-height: 80vh; overflow: auto; }
        #trace div.hover { background: #ffd60a; }
        #marks { position: relative; height: 12px; }
        #marks span { position: absolute; width: 3px; margin-left: -1px; height: 8px; background: #ff9500; }
        #marks span.failing { background: #ff3b30; height: 12px; }
        #overlays label { margin-right: 6px; }
        #failures img { height: 200px; border: 1px solid #ff3b30; margin-right: 4px; }
        </style></head>
        <body>
        <div id="stage">
          <h1 id="title">Springy preview</h1>
          <div id="errors"></div>
          <div id="warnings"></div>
          <img id="frame" alt="frame">
          <div id="controls">
            <button id="play">Pause</button>
            <input id="scrub" type="range" min="0" max="0" value="0">
            <span id="label">0 / 0</span>
            <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>2</option></select>
            <label><input id="loop" type="checkbox" checked> loop</label>
          </div>
          <div id="marks" title="golden frames"></div>
          <div id="overlays"></div>
          <div id="notes"></div>
          <div id="failures"></div>
        </div>
        <div id="trace"></div>
        <script>
        const s = { version: 0, shown: 0, frame: 0, total: 0, ready: 0, fps: 60, playing: true, last: performance.now(), clock: 0,
                    width: 1, height: 1, items: [], hover: null };
        const $ = id => document.getElementById(id);
        const overlayNames = ['coils', 'anchors', 'velocities', 'boundaries', 'contacts', 'finger', 'clock'];
        // #overlays=coils,finger&frame=N: a link to a frame with overlays (the page opens paused there).
        const hash = new URLSearchParams(location.hash.slice(1));
        // The style keys' spellings name the same overlays; a name that is none is said, not dropped.
        const aliases = { velocity_arrows: 'velocities', springs: 'coils' };
        const asked = (hash.get('overlays') || '').split(',').filter(n => n);
        const preset = asked.map(n => aliases[n] || n);
        const unknown = preset.filter(n => !overlayNames.includes(n));
        if (unknown.length) {
          $('notes').textContent = 'unknown overlay' + (unknown.length > 1 ? 's' : '') + ' in the link: ' + unknown.join(', ') + ' (the overlays are ' + overlayNames.join(', ') + ')';
          document.body.dataset.unknownOverlays = unknown.join(',');
        }
        for (const name of overlayNames) {
          const l = document.createElement('label');
          l.innerHTML = '<input type="checkbox" data-overlay="' + name + '"' + (preset.includes(name) ? ' checked' : '') + '> ' + name;
          $('overlays').appendChild(l);
        }
        document.querySelectorAll('[data-overlay]').forEach(c => c.onchange = () => show(s.frame));
        if (hash.get('frame') !== null) { s.playing = false; $('play').textContent = 'Play'; }
        function overlays() { return [...document.querySelectorAll('[data-overlay]:checked')].map(c => c.dataset.overlay).join(','); }
        function renderTrace(t) {
          let f = null;
          try { f = JSON.parse(t); } catch (e) {}
          $('trace').innerHTML = '';
          if (!f) return;
          s.items = f.items;
          const head = document.createElement('div');
          head.textContent = 't = ' + f.time + ' s, offset ' + JSON.stringify(f.content_offset) + (f.at_rest ? ', at rest' : '');
          $('trace').appendChild(head);
          for (const it of f.items) {
            const d = document.createElement('div');
            d.dataset.item = it.id;
            d.textContent = it.id + ' ' + JSON.stringify(it.center) + ' ' + it.angle + '°';
            if (s.hover === it.id) d.className = 'hover';
            $('trace').appendChild(d);
          }
          for (const h of f.headers) { const d = document.createElement('div'); d.textContent = h.id + ' ' + JSON.stringify(h.frame) + (h.pinned ? ' pinned' : ''); $('trace').appendChild(d); }
          for (const sp of f.springs) { const d = document.createElement('div'); d.className = 'spring'; d.textContent = 'spring ' + sp.item + ' ' + JSON.stringify(sp.anchor) + ' → ' + JSON.stringify(sp.point); $('trace').appendChild(d); }
          for (const e of f.events) { const d = document.createElement('div'); d.textContent = 'event ' + JSON.stringify(e); $('trace').appendChild(d); }
        }
        function hoverAt(x, y) {
          s.hover = null;
          for (const it of s.items) {
            if (Math.abs(x - it.center[0]) <= it.size[0] / 2 && Math.abs(y - it.center[1]) <= it.size[1] / 2) s.hover = it.id;
          }
          document.querySelectorAll('#trace [data-item]').forEach(d => d.className = d.dataset.item === s.hover ? 'hover' : '');
        }
        $('frame').onmousemove = e => hoverAt(e.offsetX / $('frame').clientWidth * s.width, e.offsetY / $('frame').clientHeight * s.height);
        // "frame / last": an `until: rest` scene still running may end sooner than its
        // max_duration ("up to"); once done, its last frame is where it rested.
        function label() {
          const text = s.frame + ' / ' + (s.untilRest && !s.done ? 'up to ' : '') + Math.max(s.total - 1, 0) + (s.ready < s.total ? ' (' + s.ready + ' ready)' : '');
          // Written only when it changes: a poll must not move the scrubber under a pointer.
          if ($('label').textContent !== text) $('label').textContent = text;
        }
        function show(n) {
          s.frame = Math.max(0, Math.min(n, Math.max(s.ready - 1, 0)));
          const o = overlays();
          $('frame').src = '/frames/' + s.shown + '/' + s.frame + '.png' + (o ? '?o=' + o : '');
          $('scrub').value = s.frame;
          label();
          document.body.dataset.frame = s.frame;
          fetch('/trace/' + s.shown + '/' + s.frame).then(r => r.ok ? r.text() : '').then(renderTrace);
        }
        async function poll() {
          try {
            const st = await (await fetch('/api/state')).json();
            $('errors').textContent = (st.errors || []).join('\\n');
            document.body.dataset.errors = (st.errors || []).length;
            $('warnings').textContent = (st.warnings || []).map(w => 'warning: ' + w).join('\\n');
            document.body.dataset.warnings = (st.warnings || []).length;
            if (st.shown !== undefined) {
              const changed = st.shown !== s.shown;
              s.shown = st.shown; s.total = st.total; s.ready = st.ready; s.fps = st.fps; s.width = st.width; s.height = st.height;
              s.done = st.done; s.untilRest = st.until_rest;
              label();
              const fails = st.failures || [];
              if ($('failures').dataset.list !== fails.join(',')) {
                $('failures').dataset.list = fails.join(',');
                $('failures').innerHTML = fails.map(f => '<div class="failure" data-frame="' + f + '"><b>frame ' + f + ' fails its golden</b><br>' +
                  ['expected', 'actual', 'diff'].map(k => '<img alt="' + k + '" title="' + k + '" src="/failures/' + f + '/' + k + '.png?' + Date.now() + '">').join('') + '</div>').join('');
              }
              // Each mark under the point of the scrubber's track that frame sits at, measured on the
              // page (the play button beside the scrubber changes width with its label): the
              // thumb's centre runs from half a thumb in at one end to half a thumb in at the other.
              const track = $('scrub').getBoundingClientRect(), box = $('marks').getBoundingClientRect(), half = 8;
              $('marks').innerHTML = (st.golden || []).map(g => '<span class="golden' + (fails.includes(g) ? ' failing' : '') + '" data-frame="' + g + '" style="left:' +
                (track.left - box.left + half + (track.width - 2 * half) * g / Math.max(st.total - 1, 1)) + 'px"></span>').join('');
              $('title').textContent = st.name;
              $('scrub').max = Math.max(st.total - 1, 0);
              document.body.dataset.version = st.shown;
              if (changed) {
                const start = parseInt(hash.get('frame') || '0'); s.clock = start / s.fps; show(start);
              }
            }
          } catch (e) {}
          setTimeout(poll, 150);
        }
        function tick(now) {
          const dt = (now - s.last) / 1000; s.last = now;
          if (s.playing && s.ready > 0) {
            s.clock += dt * parseFloat($('speed').value);
            let n = Math.floor(s.clock * s.fps);
            if (n >= s.total) { if ($('loop').checked) { s.clock = 0; n = 0; } else { n = s.total - 1; s.playing = false; $('play').textContent = 'Play'; } }
            if (n !== s.frame && n < s.ready) show(n);
          }
          requestAnimationFrame(tick);
        }
        $('play').onclick = () => { s.playing = !s.playing; $('play').textContent = s.playing ? 'Pause' : 'Play'; s.clock = s.frame / s.fps; };
        $('scrub').oninput = () => { s.playing = false; $('play').textContent = 'Play'; show(parseInt($('scrub').value)); s.clock = s.frame / s.fps; };
        document.onkeydown = e => {
          if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
            s.playing = false; $('play').textContent = 'Play';
            show(s.frame + (e.key === 'ArrowRight' ? 1 : -1)); s.clock = s.frame / s.fps;
          } else if (e.key === ' ') { $('play').onclick(); e.preventDefault(); }
        };
        poll();
        requestAnimationFrame(tick);
        </script>
        </body></html>

        """
}
