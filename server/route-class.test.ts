import { describe, expect, it } from 'vitest';
import { routeClass } from './route-class';

describe('route classes for the request counts', () => {
  it('puts each address in one of a few classes, never the path itself', () => {
    const classes = Object.fromEntries(
      [
        '/',
        '/rates?x=1',
        '/blog/anything-at-all',
        '/_next/static/chunks/a.js',
        '/_calc/0123.js',
        '/api/leads/contact',
        '/admin/leads',
        '/api/admin/media',
        '/portal',
        '/api/portal/documents',
        '/api/ready',
        '/media/photo.jpg',
        '/metrics',
      ].map((url) => [url, routeClass(url)]),
    );
    expect(classes).toEqual({
      '/': 'page',
      '/rates?x=1': 'page',
      '/blog/anything-at-all': 'page',
      '/_next/static/chunks/a.js': 'static',
      '/_calc/0123.js': 'static',
      '/api/leads/contact': 'lead',
      '/admin/leads': 'admin',
      '/api/admin/media': 'admin',
      '/portal': 'portal',
      '/api/portal/documents': 'portal',
      '/api/ready': 'api',
      '/media/photo.jpg': 'media',
      '/metrics': 'metrics',
    });
  });
});
