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
    #trace { font-family: monospace; font-size: 12px; white-space: pre-wrap; max-width: 420px; max-height: 80vh; overflow: auto; }
    </style></head>
    <body>
    <div id="stage">
      <h1 id="title">Springy preview</h1>
      <div id="errors"></div>
      <img id="frame" alt="frame">
      <div id="controls">
        <button id="play">Pause</button>
        <input id="scrub" type="range" min="0" max="0" value="0">
        <span id="label">0 / 0</span>
        <select id="speed"><option>0.25</option><option>0.5</option><option selected>1</option><option>2</option></select>
        <label><input id="loop" type="checkbox" checked> loop</label>
      </div>
    </div>
    <div id="trace"></div>
    <script>
    const s = { version: 0, shown: 0, frame: 0, total: 0, ready: 0, fps: 60, playing: true, last: performance.now(), clock: 0 };
    const $ = id => document.getElementById(id);
    function show(n) {
      s.frame = Math.max(0, Math.min(n, Math.max(s.ready - 1, 0)));
      $('frame').src = '/frames/' + s.shown + '/' + s.frame + '.png';
      $('scrub').value = s.frame;
      $('label').textContent = s.frame + ' / ' + Math.max(s.total - 1, 0) + (s.ready < s.total ? ' (' + s.ready + ' ready)' : '');
      document.body.dataset.frame = s.frame;
      fetch('/trace/' + s.shown + '/' + s.frame).then(r => r.ok ? r.text() : '').then(t => { $('trace').textContent = t; });
    }
    async function poll() {
      try {
        const st = await (await fetch('/api/state')).json();
        $('errors').textContent = (st.errors || []).join('\\n');
        document.body.dataset.errors = (st.errors || []).length;
        if (st.shown !== undefined) {
          const changed = st.shown !== s.shown;
          s.shown = st.shown; s.total = st.total; s.ready = st.ready; s.fps = st.fps;
          $('title').textContent = st.name;
          $('scrub').max = Math.max(st.total - 1, 0);
          document.body.dataset.version = st.shown;
          if (changed) { s.clock = 0; show(0); }
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
