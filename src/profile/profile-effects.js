// The public page's one script (issue 9): loaded only by a profile that uses an
// effect that needs script, served by the product itself (CSP script-src 'self').
// Plain JavaScript with no imports: the server serves this file as it is.
// It types the tab title (not with reduced motion: the profile's setting or the
// visitor's), and fills the Discord presence card from this site's own API every
// 30 s, building it with textContent only (nothing from the API is read as HTML).
(function () {
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

  var card = document.querySelector('.lv-discord[data-discord-for]');
  if (card) {
    var labels = { online: 'Online', idle: 'Idle', dnd: 'Do not disturb', offline: 'Offline' };
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
      var text = element('span', 'lv-discord-text');
      text.appendChild(element('span', 'lv-discord-name', presence.displayName));
      var line = labels[presence.status] || '';
      if (presence.activity)
        line = [presence.activity.name, presence.activity.details, presence.activity.state].filter(Boolean).join(' · ');
      text.appendChild(element('span', 'lv-discord-activity', line));
      card.replaceChildren(status, text);
      card.setAttribute('aria-label', 'Discord: ' + (labels[presence.status] || ''));
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
})();
