import type { BootConfig } from './config';

/**
 * Runs Next's scripts. Next reads the React Server Components payload from self.__next_f, in page
 * order, as its inline scripts would have pushed it (the server sent it as JSON data instead), so
 * it is handed over first; then the script tags go into the head with their attributes.
 */
export function runNextScripts(config: BootConfig): void {
  const next = self as unknown as { __next_f?: unknown[] };
  const flight = (next.__next_f = next.__next_f || []);
  document.querySelectorAll(config.flightSelector).forEach((data) => {
    flight.push(JSON.parse(data.textContent || 'null'));
  });
  config.scripts.forEach((attributes) => {
    const script = document.createElement('script');
    Object.keys(attributes).forEach((name) => script.setAttribute(name, attributes[name] || ''));
    script.async = true;
    document.head.appendChild(script);
  });
}

/**
 * Fetches Next's scripts into the cache without running them (a <link rel="prefetch"> each), so a
 * later first interaction only has to run them.
 */
export function prefetchScripts(config: BootConfig): void {
  config.scripts.forEach((attributes) => {
    if (!attributes.src) return;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = attributes.src;
    document.head.appendChild(link);
  });
}
