'use client';

import dynamic from 'next/dynamic';

/**
 * The inline lead forms of /ebook and /rates, rendered on the server but kept out of those pages'
 * route chunks: every page prefetches the chunks of the routes its header links to, and the forms'
 * code would otherwise count against every page's JavaScript budget. next/dynamic (not
 * React.lazy) because it resolves the module during prerendering, so the form is in the static
 * HTML and works without JavaScript; a lazy boundary would become a streamed hole that needs it.
 */
export const LazyEbookForm = dynamic(() => import('./ebook-form').then((m) => m.EbookForm));
export const LazyQualificationForm = dynamic(() => import('./qualification-form').then((m) => m.QualificationForm));
