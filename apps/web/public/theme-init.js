// Runs before the first paint (a blocking script in <head>): puts the colour scheme the app will choose
// on <html> at once, so a dark-theme reader never sees a flash of the light page while the app loads.
// The member's own choice is the one Mantine keeps in localStorage; else the site's default (set on
// <html> at build time); "auto" follows the device.
/* global window, document */
(function () {
  var root = document.documentElement;
  var setting = null;
  try {
    setting = window.localStorage.getItem('mantine-color-scheme-value');
  } catch {
    setting = null;
  }
  var valid = function (value) {
    return value === 'light' || value === 'dark' || value === 'auto';
  };
  if (!valid(setting)) setting = root.getAttribute('data-default-theme');
  if (!valid(setting)) setting = 'auto';
  var dark =
    setting === 'dark' || (setting === 'auto' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
})();
