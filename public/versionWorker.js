/* Version worker (shell spec §4): reports the served app version and its
   timestamp. The version is the entry script of the served index.html (it
   changes with every build), the timestamp its Last-Modified header. */
const INTERVAL_MS = 5 * 60 * 1000;

async function check() {
  try {
    const response = await fetch('/index.html', { cache: 'no-store', credentials: 'same-origin' });
    if (!response.ok) return;
    const html = await response.text();
    const match = /<script[^>]+type="module"[^>]+src="([^"]+)"/.exec(html);
    const modified = Date.parse(response.headers.get('last-modified') || '');
    self.postMessage({ version: match ? match[1] : null, timestamp: Number.isNaN(modified) ? null : modified });
  } catch {
    /* offline or server restarting: try again next time */
  }
}

self.addEventListener('message', (event) => {
  if (event.data === 'check') void check();
});
void check();
setInterval(check, INTERVAL_MS);
