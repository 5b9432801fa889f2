// The public page's one script (issue 9): loaded only by a profile that uses an
// effect that needs script, served by the product itself (CSP script-src 'self').
// Plain JavaScript with no imports: the server serves this file as it is.
// Today: the animated (typing) tab title. Honours reduced motion: the profile's
// setting and the visitor's.
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
})();
