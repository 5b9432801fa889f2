// The public page's one script (issue 9): loaded only by a profile that uses an
// effect that needs script, served by the product itself (CSP script-src 'self').
// Plain JavaScript with no imports: the server serves this file as it is.
// It draws the particles of the particles effect (type, count, speed from the
// page's data attributes; the CSS dots stand in without script or with reduced
// motion) around the content, never over its text or buttons, types the tab title (not with reduced motion: the profile's setting or the
// visitor's), and fills the Discord presence card from this site's own API every
// 30 s, building it with textContent only (nothing from the API is read as HTML).
// On a page opened in an app's own browser it runs the bar's Copy link and Close,
// and on a share page its Share… and Copy link. Before a page or link its creator
// marked (issue 30), it keeps the visitor's Continue for the tab, and it loads an
// embed's player when the visitor presses its placeholder.
(function () {
  // A content warning (issue 30): Continue is kept for this tab (sessionStorage), and next
  // time the warning goes on by itself. Without script, or in another tab, it shows again.
  var agree = document.querySelector('[data-agree]');
  if (agree) {
    var agreed = 'lv-agreed:' + agree.getAttribute('data-agree');
    try {
      if (window.sessionStorage.getItem(agreed)) {
        window.location.replace(agree.href);
        return;
      }
      agree.addEventListener('click', function () {
        window.sessionStorage.setItem(agreed, '1');
      });
    } catch {
      // Storage refused (a private mode): the warning simply shows each time.
    }
  }

  // A Copy link button (hidden without script): shown where there is a clipboard; says in `status` what happened,
  // in the page's language (the server puts the words on the button).
  var copyButton = function (button, status) {
    if (!button || !navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener('click', function () {
      navigator.clipboard.writeText(button.getAttribute('data-address')).then(
        function () {
          status.textContent = button.getAttribute('data-copied');
        },
        function () {
          status.textContent = button.getAttribute('data-copy-failed');
        },
      );
    });
  };

  // The share page (issue 31): Share… opens the system's share sheet where the browser has one.
  var share = document.querySelector('.lv-share-native');
  if (share) {
    if (navigator.share) {
      share.hidden = false;
      share.addEventListener('click', function () {
        navigator.share({ title: share.getAttribute('data-title'), url: share.getAttribute('data-address') }).catch(function () {});
      });
    }
    copyButton(document.querySelector('.lv-share-copy'), document.querySelector('.lv-share-status'));
  }

  // The bar of a page opened in an app's own browser (issue 31): Copy link
  // (where the clipboard is there) and Close. Without script it still says the way out.
  var bar = document.querySelector('.lv-inapp');
  if (bar) {
    copyButton(bar.querySelector('.lv-inapp-copy'), bar.querySelector('.lv-inapp-status'));
    var close = bar.querySelector('.lv-inapp-close');
    close.hidden = false;
    close.addEventListener('click', function () {
      bar.remove();
    });
  }

  var page = document.querySelector('.lv-page');
  if (!page) return;
  var reduced = page.hasAttribute('data-reduced-motion') || window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  if (page.hasAttribute('data-animated-title') && !reduced) {
    var full = document.title;
    var shown = 0;
    var deleting = false;
    var tick = function () {
      if (document.hidden) return window.setTimeout(tick, 1000);
      shown += deleting ? -1 : 1;
      document.title = full.slice(0, Math.max(1, shown)) || full;
      var delay = 140;
      if (!deleting && shown >= full.length) {
        deleting = true;
        delay = 2600;
      } else if (deleting && shown <= 1) {
        deleting = false;
        delay = 600;
      }
      window.setTimeout(tick, delay);
    };
    window.setTimeout(tick, 1200);
  }

  // Music with the volume control off: a play and pause button instead of the browser's player.
  var music = page.hasAttribute('data-fixed-volume') ? page.querySelector('.lv-music audio') : null;
  if (music) {
    var toggle = document.createElement('button');
    toggle.type = 'button';
    toggle.className = 'lv-music-toggle';
    var showState = function () {
      toggle.textContent = music.getAttribute(music.paused ? 'data-play' : 'data-pause');
      toggle.setAttribute('aria-pressed', music.paused ? 'false' : 'true');
    };
    toggle.addEventListener('click', function () {
      if (music.paused) music.play();
      else music.pause();
    });
    music.addEventListener('play', showState);
    music.addEventListener('pause', showState);
    music.addEventListener('ended', showState);
    music.controls = false;
    music.hidden = true;
    showState();
    music.parentNode.insertBefore(toggle, music);
  }

  // Embeds (issue 30): the provider's player loads only when the visitor presses the placeholder,
  // which without script is a link to the video. The press is counted as the embed's click
  // (its /go address answers a redirect that is not followed: no request leaves this site).
  page.addEventListener('click', function (event) {
    var open = event.target instanceof Element ? event.target.closest('a[data-player]') : null;
    if (!open || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    var frame = document.createElement('iframe');
    frame.src = open.getAttribute('data-player');
    frame.title = open.getAttribute('aria-label').replace(/^Play /, '');
    frame.allow = 'autoplay; encrypted-media; fullscreen; picture-in-picture; clipboard-write';
    frame.allowFullscreen = true;
    // The page sends no referrer; the players need the page's origin to play.
    frame.referrerPolicy = 'strict-origin-when-cross-origin';
    open.parentElement.setAttribute('data-playing', '');
    open.replaceWith(frame);
    frame.focus();
    fetch(open.href, { redirect: 'manual', credentials: 'same-origin', keepalive: true }).catch(function () {});
  });

  var particleType = page.getAttribute('data-particle-type');
  if (particleType && !reduced) drawParticles(page, particleType);

  var card = document.querySelector('.lv-discord[data-discord-for]');
  if (card) {
    // Each status's words and the card's name with it, in the page's language: { online: ['Online', 'Discord: Online'], … }.
    var statuses = JSON.parse(card.getAttribute('data-statuses') || '{}');
    var element = function (tag, className, text) {
      var node = document.createElement(tag);
      node.className = className;
      if (text) node.textContent = text;
      return node;
    };
    var show = function (presence) {
      if (!presence) {
        card.hidden = true;
        return;
      }
      var status = element('span', 'lv-discord-status');
      status.setAttribute('data-status', presence.status);
      var parts = [status];
      if (presence.avatarUrl) {
        // Images from this site's own API (it fetches them from Discord), never from Discord.
        var figure = element('span', 'lv-discord-avatar');
        var avatar = element('img', '');
        avatar.alt = '';
        avatar.src = presence.avatarUrl;
        figure.appendChild(avatar);
        if (presence.decorationUrl) {
          var decoration = element('img', 'lv-discord-decoration');
          decoration.alt = '';
          decoration.src = presence.decorationUrl;
          figure.appendChild(decoration);
        }
        figure.appendChild(status);
        parts = [figure];
      }
      var text = element('span', 'lv-discord-text');
      text.appendChild(element('span', 'lv-discord-name', presence.displayName));
      var words = statuses[presence.status] || ['', ''];
      var line = words[0];
      if (presence.activity)
        line = [presence.activity.name, presence.activity.details, presence.activity.state].filter(Boolean).join(' · ');
      text.appendChild(element('span', 'lv-discord-activity', line));
      card.replaceChildren.apply(card, parts.concat([text]));
      card.setAttribute('aria-label', words[1]);
      card.hidden = false;
    };
    var load = function () {
      fetch('/api/public/' + encodeURIComponent(card.getAttribute('data-discord-for')) + '/discord', {
        headers: { accept: 'application/json' },
      })
        .then(function (response) {
          return response.ok ? response.json() : null;
        })
        .then(function (body) {
          show(body && body.data);
        })
        .catch(function () {
          card.hidden = true;
        });
    };
    load();
    window.setInterval(function () {
      if (!document.hidden) load();
    }, 30000);
  }

  var SOLID_CONTENT =
    '.lv-avatar, .lv-link, .lv-social, .lv-verified, .lv-music, .lv-discord, .lv-footer, .lv-share, [data-layout="card"] .lv-card';
  var TEXT_CONTENT = '.lv-name-text, .lv-username, .lv-bio, .lv-location, .lv-activity, .lv-views, .lv-empty';
  var FADE_PX = 18;

  function drawParticles(root, type) {
    var canvas = document.createElement('canvas');
    canvas.className = 'lv-particles';
    canvas.setAttribute('aria-hidden', 'true');
    var context = canvas.getContext('2d');
    if (!context) return;
    root.insertBefore(canvas, root.children[1] || null);
    root.classList.add('lv-particles-live');
    var style = getComputedStyle(root);
    var colors = ['--lv-primary', '--lv-secondary', '--lv-accent'].map(function (name) {
      return style.getPropertyValue(name).trim() || '#ffffff';
    });
    var count = Math.min(300, Math.max(1, Number(root.getAttribute('data-particle-count')) || 50));
    var speed = Math.min(3, Math.max(0.1, Number(root.getAttribute('data-particle-speed')) || 1));
    var ratio = Math.min(2, window.devicePixelRatio || 1);
    var width = 0;
    var height = 0;
    // The content's boxes, in the canvas's coordinates: particles fade out near
    // them and are never drawn over text or a button. Text is measured by its
    // lines (a short bio leaves the sides free); buttons, the picture and the
    // card by their whole box.
    var clear = [];
    var measure = function () {
      var origin = root.getBoundingClientRect();
      var boxes = [];
      var add = function (rect) {
        if (rect.width > 0 && rect.height > 0)
          boxes.push({
            left: rect.left - origin.left,
            top: rect.top - origin.top,
            right: rect.right - origin.left,
            bottom: rect.bottom - origin.top,
          });
      };
      var solids = root.querySelectorAll(SOLID_CONTENT);
      for (var i = 0; i < solids.length; i++) add(solids[i].getBoundingClientRect());
      var texts = root.querySelectorAll(TEXT_CONTENT);
      for (var j = 0; j < texts.length; j++) {
        var range = document.createRange();
        range.selectNodeContents(texts[j]);
        var lines = range.getClientRects();
        for (var k = 0; k < lines.length; k++) add(lines[k]);
      }
      clear = boxes;
    };
    var resize = function () {
      width = root.clientWidth;
      height = root.clientHeight;
      canvas.width = Math.round(width * ratio);
      canvas.height = Math.round(height * ratio);
      context.setTransform(ratio, 0, 0, ratio, 0, 0);
      measure();
    };
    resize();
    window.addEventListener('resize', resize);
    if (window.ResizeObserver) new ResizeObserver(resize).observe(root);
    // How far a particle's ink reaches from the point it is drawn at: a confetti
    // strip turns (3.4 px at its corners), a bubble's ring is stroked 1.5 px wide,
    // a heart hangs below its point; one more pixel for anti-aliasing.
    var reach = function (size) {
      var drawn = type === 'confetti' ? 3.4 : type === 'bubbles' ? size + 0.75 : type === 'hearts' ? size * 1.12 : size;
      return drawn + 1;
    };
    // How visible a particle is at its distance from the nearest content box: 0 over it, 1 from FADE_PX away.
    var visibility = function (x, y, size) {
      var nearest = Infinity;
      for (var i = 0; i < clear.length; i++) {
        var box = clear[i];
        var dx = Math.max(box.left - x, 0, x - box.right);
        var dy = Math.max(box.top - y, 0, y - box.bottom);
        var distance = Math.sqrt(dx * dx + dy * dy) - reach(size);
        if (distance < nearest) nearest = distance;
      }
      return Math.min(1, Math.max(0, nearest / FADE_PX));
    };
    var falling = type === 'snow' || type === 'confetti';
    var particles = [];
    for (var index = 0; index < count; index++) {
      particles.push({
        x: Math.random() * width,
        y: Math.random() * height,
        size: type === 'bubbles' ? 4 + Math.random() * 10 : type === 'hearts' ? 6 + Math.random() * 6 : 1 + Math.random() * 2.5,
        velocity: (0.2 + Math.random() * 0.8) * speed,
        drift: (Math.random() - 0.5) * 0.6 * speed,
        phase: Math.random() * Math.PI * 2,
        color: colors[index % colors.length],
      });
    }
    var heart = function (x, y, size) {
      context.beginPath();
      context.moveTo(x, y + size * 0.3);
      context.bezierCurveTo(x, y, x - size / 2, y, x - size / 2, y + size * 0.3);
      context.bezierCurveTo(x - size / 2, y + size * 0.6, x, y + size * 0.8, x, y + size);
      context.bezierCurveTo(x, y + size * 0.8, x + size / 2, y + size * 0.6, x + size / 2, y + size * 0.3);
      context.bezierCurveTo(x + size / 2, y, x, y, x, y + size * 0.3);
      context.fill();
    };
    var frame = function (time) {
      if (!document.hidden) {
        // Measured on every frame: the content moves while the card's entrance
        // plays, when the font arrives, and for good with a floating picture or
        // bobbing buttons (a score of boxes: no layout is forced, nothing has changed it).
        measure();
        context.clearRect(0, 0, width, height);
        for (var i = 0; i < particles.length; i++) {
          var p = particles[i];
          p.y += falling ? p.velocity : -p.velocity;
          p.x += p.drift + Math.sin(time / 1000 + p.phase) * 0.2;
          if (p.y < -20) p.y = height + 20;
          if (p.y > height + 20) p.y = -20;
          if (p.x < -20) p.x = width + 20;
          if (p.x > width + 20) p.x = -20;
          var shown = visibility(p.x, p.y, p.size);
          if (shown === 0) continue;
          context.globalAlpha = shown * (type === 'stars' ? 0.45 + 0.55 * Math.abs(Math.sin(time / 700 + p.phase)) : 0.8);
          context.fillStyle = type === 'snow' || type === 'stars' ? '#ffffff' : p.color;
          context.strokeStyle = p.color;
          if (type === 'bubbles') {
            context.beginPath();
            context.arc(p.x, p.y, p.size, 0, Math.PI * 2);
            context.lineWidth = 1.5;
            context.stroke();
          } else if (type === 'hearts') {
            heart(p.x, p.y, p.size);
          } else if (type === 'confetti') {
            context.save();
            context.translate(p.x, p.y);
            context.rotate(time / 600 + p.phase);
            context.fillRect(-3, -1.5, 6, 3);
            context.restore();
          } else {
            context.beginPath();
            context.arc(p.x, p.y, p.size, 0, Math.PI * 2);
            context.fill();
          }
        }
      }
      window.requestAnimationFrame(frame);
    };
    window.requestAnimationFrame(frame);
  }
})();
