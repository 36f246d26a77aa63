import { describe, expect, it } from 'vitest';
import { isLiveScriptLoader, liveScriptLoader } from './loader';

describe('the live script’s loader', () => {
  it('is recognised, for the pages’ Content Security Policy, only with one of our script paths', () => {
    expect(isLiveScriptLoader(liveScriptLoader('/_calc/0123456789abcdef.js'))).toBe(true);
    expect(isLiveScriptLoader(liveScriptLoader('https://evil.example/x.js'))).toBe(false);
    expect(isLiveScriptLoader(liveScriptLoader('/_calc/a.js').replace('"/_calc/a.js"', '"/_calc/a.js",alert(1)'))).toBe(false);
    expect(liveScriptLoader('/_calc/</script>.js')).not.toContain('</script>');
  });
});
