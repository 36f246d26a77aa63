import { describe, expect, it } from 'vitest';
import { ownOrigin } from './own-origin';

describe('the origin the server reaches itself at', () => {
  it('is the loopback when it listens everywhere, else the address it listens on', () => {
    expect(ownOrigin({ PORT: 3000 })).toBe('http://127.0.0.1:3000');
    expect(ownOrigin({ HOST: '0.0.0.0', PORT: 3000 })).toBe('http://127.0.0.1:3000');
    expect(ownOrigin({ HOST: '::', PORT: 3000 })).toBe('http://127.0.0.1:3000');
    expect(ownOrigin({ HOST: '10.0.0.5', PORT: 3001 })).toBe('http://10.0.0.5:3001');
    expect(ownOrigin({ HOST: '::1', PORT: 3000 })).toBe('http://[::1]:3000');
    expect(ownOrigin({ HOST: 'localhost', PORT: 3000 })).toBe('http://localhost:3000');
  });
});
