/** A user agent as a person names their browser: 'Chrome 131 on Android'. */
export function browserName(userAgent: string): string {
  const match = /(Edg|OPR|Firefox|Chrome|Chromium|Safari)\/([\d.]+)/.exec(userAgent);
  const os = /Windows|Mac OS X|Android|iPhone|iPad|Linux/.exec(userAgent)?.[0];
  if (!match) return userAgent ? userAgent.slice(0, 60) : 'Unknown browser';
  const name = { Edg: 'Edge', OPR: 'Opera' }[match[1] as string] ?? match[1];
  return `${name} ${match[2]?.split('.')[0] ?? ''}${os ? ` on ${os.replace('Mac OS X', 'macOS')}` : ''}`;
}
