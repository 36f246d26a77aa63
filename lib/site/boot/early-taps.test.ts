// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { addedScripts, byId, hydrate, ownByReact, startOn, freshBootPageEachTest } from '../../../tests/support/boot-page';

freshBootPageEachTest();

/** Counts the clicks React's own handler gets on `element`. */
function reactClicks(element: HTMLElement): { count: number } {
  const clicks = { count: 0 };
  element.addEventListener('click', () => clicks.count++);
  return clicks;
}

const FORM =
  '<form id="form" action="/contact" method="post"><input name="email"><button id="send" type="submit">Send</button></form>';

describe('a tap before React is ready', () => {
  it('boots the page and is pressed again once React has hydrated the control, once', () => {
    const config = startOn('<button id="save" type="button">Save</button>');
    const save = byId('save');
    const react = reactClicks(save);
    save.click();
    expect(react.count).toBe(0);
    vi.advanceTimersByTime(600);
    expect(addedScripts().length).toBeGreaterThan(0);

    hydrate(config, save);
    vi.advanceTimersByTime(100);
    expect(react.count).toBe(1);
    save.click();
    expect(react.count).toBe(2);
  });

  it('runs the scripts at once, without waiting for a pause in the input', () => {
    startOn('<button id="save" type="button">Save</button>');
    byId('save').click();
    byId('save').dispatchEvent(new PointerEvent('pointermove', { bubbles: true, pointerType: 'mouse', movementX: 1 }));
    vi.advanceTimersByTime(100);
    expect(addedScripts().length).toBeGreaterThan(0);
  });

  it('waits for the part of the page React hydrates later (a lazily loaded form) to be taken over', () => {
    const config = startOn(FORM);
    const send = byId('send');
    const react = reactClicks(send);
    send.click();
    const pressedAt = byId('form').getAttribute('data-pressed-at');
    hydrate(config);
    vi.advanceTimersByTime(2000);
    expect(react.count).toBe(0);
    ownByReact(send);
    vi.advanceTimersByTime(60);
    expect(react.count).toBe(1);
    // The lead's fill time ends when the visitor pressed, not when React took the form over.
    expect(byId('form').getAttribute('data-pressed-at')).toBe(pressedAt);
  });

  it('presses again only the last control pressed', () => {
    const config = startOn('<button id="one" type="button">One</button><button id="two" type="button">Two</button>');
    const [one, two] = [byId('one'), byId('two')];
    const [reactOne, reactTwo] = [reactClicks(one), reactClicks(two)];
    one.click();
    two.click();
    hydrate(config, one, two);
    vi.advanceTimersByTime(100);
    expect([reactOne.count, reactTwo.count]).toEqual([0, 1]);

    one.click();
    expect(reactOne.count).toBe(1);
  });

  it('forgets a held control that is no longer in the page', () => {
    const config = startOn('<button id="gone" type="button">Gone</button>');
    const gone = byId('gone');
    const react = reactClicks(gone);
    gone.click();
    gone.remove();
    hydrate(config, gone);
    vi.advanceTimersByTime(100);
    expect(react.count).toBe(0);
  });

  it('without React after giveUpMs, a held submit sends its form to the server, no longer looking busy', () => {
    startOn(FORM);
    const submitted: (HTMLElement | null)[] = [];
    byId('form').addEventListener('submit', (event) => {
      submitted.push((event as SubmitEvent).submitter);
      event.preventDefault();
    });
    byId('send').click();
    expect(byId('send').hasAttribute('data-early-pending')).toBe(true);
    vi.advanceTimersByTime(9_900);
    expect(submitted).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(submitted).toEqual([byId('send')]);
    expect(byId('send').hasAttribute('data-early-pending')).toBe(false);
  });

  it("without React after giveUpMs, a held dialog link whose dialog is not on the page leads to the link's page", () => {
    startOn('<a id="apply" href="/apply" aria-haspopup="dialog" data-early-dialog="apply-dialog">Apply</a>');
    const assign = vi.spyOn(location, 'assign').mockImplementation(() => {});
    try {
      const click = new MouseEvent('click', { bubbles: true, cancelable: true });
      byId('apply').dispatchEvent(click);
      expect(click.defaultPrevented).toBe(true);
      vi.advanceTimersByTime(10_100);
      expect(assign).toHaveBeenCalledWith('http://localhost:3000/apply');
    } finally {
      assign.mockRestore();
    }
  });

  it('leaves plain links, modified clicks and the controls React has taken over alone', () => {
    const config = startOn('<a id="link" href="/blog">Blog</a><button id="menu" type="button">Menu</button>');
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    byId('link').dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);

    const react = reactClicks(byId('menu'));
    byId('menu').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, ctrlKey: true }));
    expect(react.count).toBe(1);

    hydrate(config, byId('menu'));
    byId('menu').click();
    expect(react.count).toBe(2);
    vi.advanceTimersByTime(100);
    expect(react.count).toBe(2);
  });
});
