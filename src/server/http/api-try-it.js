// The API reference's "Try it" (issue 32): with a personal API token typed
// into the page, each operation that takes one can be sent from here, to this
// same site, and its answer shown. Plain JavaScript with no imports, served as
// it is; the token stays in this page (never stored). Without script, each
// operation shows the curl command instead.
(function () {
  var tokenBox = document.getElementById('try-token');
  var token = document.getElementById('api-token');
  if (!tokenBox || !token) return;
  tokenBox.hidden = false;
  document.querySelectorAll('form.try').forEach(function (form) {
    form.hidden = false;
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var output = form.querySelector('output');
      var path = form.getAttribute('data-path');
      var query = new URLSearchParams();
      var missing = null;
      form.querySelectorAll('input[data-in]').forEach(function (input) {
        var value = input.value.trim();
        if (input.getAttribute('data-in') === 'path') {
          if (!value) missing = missing || input.name;
          path = path.replace('{' + input.name + '}', encodeURIComponent(value));
        } else if (value) query.set(input.name, value);
      });
      if (!token.value.trim()) {
        output.textContent = 'Type your API token at the top of the page first.';
        return;
      }
      if (missing) {
        output.textContent = 'Please fill in ' + missing + '.';
        return;
      }
      var init = { method: form.getAttribute('data-method').toUpperCase(), headers: { authorization: 'Bearer ' + token.value.trim() } };
      var body = form.querySelector('textarea');
      if (body && body.value.trim()) {
        init.headers['content-type'] = 'application/json';
        init.body = body.value;
      }
      output.textContent = 'Sending…';
      fetch(path + (query.size ? '?' + query : ''), init).then(
        function (response) {
          return response.text().then(function (text) {
            var shown = text;
            try {
              shown = JSON.stringify(JSON.parse(text), null, 2);
            } catch {
              // Not JSON (a CSV export): shown as it came.
            }
            output.textContent = response.status + ' ' + response.statusText + '\n' + shown;
          });
        },
        function () {
          output.textContent = 'The request did not reach the server.';
        },
      );
    });
  });
})();
