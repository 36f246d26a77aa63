import { PostNotFound } from '@/components/site/not-found-message';

/**
 * notFound() in the post page: only for a client-side navigation or a post deleted between the
 * server's check and the render. A visitor's request for an unknown post is answered by
 * /post-not-found in the HTML itself (server/missing-post.ts).
 */
export default PostNotFound;
