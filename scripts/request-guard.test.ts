import { describe, expect, it } from 'vitest';
import { checkBody, checkHeaders, FORM_BODY_LIMIT, isGuarded } from './request-guard';

describe('request guard', () => {
  it('checks POSTs to pages (Server Actions), not route handlers, assets or reads', () => {
    expect(isGuarded('POST', '/ebook')).toBe(true);
    expect(isGuarded('POST', '/')).toBe(true);
    expect(isGuarded('POST', '/api/auth/login')).toBe(false);
    expect(isGuarded('POST', '/_next/static/x.js')).toBe(false);
    expect(isGuarded('GET', '/ebook')).toBe(false);
  });

  it('refuses a missing, malformed or oversized length', () => {
    expect(checkHeaders({})).toMatchObject({ status: 411 });
    expect(checkHeaders({ 'content-length': 'ten' })).toMatchObject({ status: 400 });
    expect(checkHeaders({ 'content-length': String(FORM_BODY_LIMIT + 1) })).toMatchObject({
      status: 413,
      message: 'The form is too large: at most 100 KB may be sent.',
    });
    expect(checkHeaders({ 'content-length': '5000' })).toBeNull();
  });

  it('accepts the encodings forms and Server Action calls use, intact, and nothing else', () => {
    const multipart = Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n');
    expect(checkBody('multipart/form-data; boundary=b', multipart)).toBeNull();
    expect(checkBody('multipart/form-data; boundary="b"', multipart)).toBeNull();
    expect(checkBody('multipart/form-data; boundary=b', multipart.subarray(0, 30))).toMatchObject({ status: 400 });
    expect(checkBody('multipart/form-data', multipart)).toMatchObject({ status: 400 });
    expect(checkBody('text/plain;charset=UTF-8', Buffer.from('["$K1",null]'))).toBeNull();
    expect(checkBody('text/plain', Buffer.from('garbage{'))).toMatchObject({ status: 400 });
    expect(checkBody('application/x-www-form-urlencoded', Buffer.from('a=1'))).toBeNull();
    expect(checkBody('application/xml', Buffer.from('<a/>'))).toMatchObject({ status: 415 });
    expect(checkBody(undefined, Buffer.alloc(0))).toBeNull();
  });
});
