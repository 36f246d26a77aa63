import { describe, expect, it } from 'vitest';
import { FORM_BODY_LIMIT } from '../lib/http/form-body-limit';
import { checkBody, checkLength, isPagePost, REFUSALS } from './request-guard';

describe('request guard', () => {
  it('checks POSTs to pages (Server Actions), not route handlers, assets or reads', () => {
    expect(isPagePost('POST', '/ebook')).toBe(true);
    expect(isPagePost('POST', '/')).toBe(true);
    expect(isPagePost('POST', '/api/auth/login')).toBe(false);
    expect(isPagePost('POST', '/_next/static/x.js')).toBe(false);
    expect(isPagePost('GET', '/ebook')).toBe(false);
  });

  it('refuses a missing, malformed or oversized length', () => {
    expect(checkLength({})).toEqual(REFUSALS.noLength);
    expect(checkLength({ 'content-length': 'ten' })).toEqual(REFUSALS.badLength);
    expect(checkLength({ 'content-length': String(FORM_BODY_LIMIT + 1) })).toEqual({
      status: 413,
      message: 'The form is too large: at most 100 KB may be sent.',
    });
    expect(checkLength({ 'content-length': '5000' })).toBeNull();
  });

  it('accepts the encodings forms and Server Action calls use, intact, and nothing else', () => {
    const multipart = Buffer.from('--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--\r\n');
    expect(checkBody('multipart/form-data; boundary=b', multipart)).toBeNull();
    expect(checkBody('multipart/form-data; boundary="b"', multipart)).toBeNull();
    expect(checkBody('multipart/form-data; boundary=b', multipart.subarray(0, 30))).toEqual(REFUSALS.malformed);
    expect(checkBody('multipart/form-data', multipart)).toEqual(REFUSALS.malformed);
    expect(checkBody('text/plain;charset=UTF-8', Buffer.from('["$K1",null]'))).toBeNull();
    expect(checkBody('text/plain', Buffer.from('garbage{'))).toEqual(REFUSALS.malformed);
    expect(checkBody('application/x-www-form-urlencoded', Buffer.from('a=1'))).toBeNull();
    expect(checkBody('application/xml', Buffer.from('<a/>'))).toEqual(REFUSALS.encoding);
    expect(checkBody(undefined, Buffer.alloc(0))).toBeNull();
  });

  it('takes only the encodings an entry accepts', () => {
    const forms = ['application/x-www-form-urlencoded', 'multipart/form-data'];
    expect(checkBody('text/plain', Buffer.from('{}'), forms)).toEqual(REFUSALS.encoding);
    expect(checkBody('application/x-www-form-urlencoded', Buffer.from('a=1'), forms)).toBeNull();
  });
});
