// Example host-page script: drives the widget through its JS API. Calls made before the loader
// has run are queued (the loader replays Parley.q), and events are logged to the page.
(function () {
  var w = window;
  w.Parley = w.Parley || function () { (w.Parley.q = w.Parley.q || []).push(arguments); };
  var log = document.getElementById('parley-log');
  function note(text) {
    if (!log) return;
    var line = document.createElement('div');
    line.textContent = new Date().toLocaleTimeString() + '  ' + text;
    log.prepend(line);
  }
  ['ready', 'open', 'close', 'message', 'unread_count'].forEach(function (name) {
    w.Parley('on', name, function (payload) { note(name + ' ' + JSON.stringify(payload).slice(0, 120)); });
  });
  document.addEventListener('click', function (event) {
    var button = event.target.closest && event.target.closest('[data-parley-command]');
    if (!button) return;
    var command = button.getAttribute('data-parley-command');
    if (command === 'update') w.Parley('update', { page: { url: location.href, title: document.title } });
    else w.Parley(command);
  });
})();
