import type { Page } from '@playwright/test';

/**
 * In-page measurements for the WCAG 2.2 checks axe cannot make (e2e/a11y/wcag-*.spec.ts,
 * docs/accessibility.md, WCAG 2.2 checks). Each runs inside the page and answers plain data.
 */

/** The main pages walked by the focus and target checks: one per sidebar entry that holds a screen. */
export const mainPages = [
  '/',
  '/tenants',
  '/tenant/tenant-001/control-plane',
  '/users',
  '/apis',
  '/apps',
  '/deployments',
  '/changes',
  '/microfrontends',
  '/audit-log',
  '/settings',
  '/api-access',
];

/**
 * 2.4.11: where the focused element is hidden. Its centre must hit itself (or something inside it), and
 * its box must not run under the sticky header, the sidebar or a toast it is not part of.
 */
export async function focusObstruction(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!(focused instanceof HTMLElement) || focused === document.body) return null;
    const box = focused.getBoundingClientRect();
    const name = `${focused.tagName.toLowerCase()} "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 40)}"`;
    if (box.width === 0 || box.height === 0) return `${name} has no box`;
    const coverers = [
      ...document.querySelectorAll<HTMLElement>('header, [data-testid="sidebar"], li[data-swipe-direction]'),
    ].filter((node) => !node.contains(focused) && node.getBoundingClientRect().width > 0);
    for (const node of coverers) {
      const other = node.getBoundingClientRect();
      const overlaps =
        box.left < other.right - 0.5 &&
        box.right > other.left + 0.5 &&
        box.top < other.bottom - 0.5 &&
        box.bottom > other.top + 0.5;
      // The sidebar and the inset sit side by side; only something drawn above the focused element hides it.
      if (overlaps && getComputedStyle(node).position !== 'static')
        return `${name} at ${Math.round(box.top)}..${Math.round(box.bottom)} under ${node.tagName.toLowerCase()} (${Math.round(other.top)}..${Math.round(other.bottom)})`;
    }
    const x = Math.min(Math.max(box.left + box.width / 2, 0), window.innerWidth - 1);
    const y = Math.min(Math.max(box.top + box.height / 2, 0), window.innerHeight - 1);
    const hit = document.elementFromPoint(x, y);
    if (!hit || (!focused.contains(hit) && !hit.contains(focused)))
      return `${name}: its centre shows ${hit ? hit.tagName.toLowerCase() + '.' + hit.className.toString().slice(0, 50) : 'nothing'}`;
    return null;
  });
}

/**
 * 2.5.8: every pointer target under `scope` smaller than 24 x 24 CSS px whose 24 px circle (around its
 * centre) reaches another target, or another undersized target's circle. Links inside a sentence are
 * exempt (their size is the line's), as are targets hidden from everyone (1 px visually hidden inputs).
 */
export async function smallTargets(page: Page, scope = 'body'): Promise<string[]> {
  return page.evaluate((selector) => {
    const root = document.querySelector(selector) ?? document.body;
    const interactive =
      'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="link"], [role="checkbox"], [role="switch"], [role="radio"], [role="tab"], [role="menuitem"], [role="combobox"], [role="option"], [tabindex]:not([tabindex="-1"])';
    const inSentence = (node: HTMLElement) =>
      getComputedStyle(node).display === 'inline' &&
      [...(node.parentElement?.childNodes ?? [])].some(
        (child) => child.nodeType === Node.TEXT_NODE && (child.textContent ?? '').trim().length > 0,
      );
    const targets = [...root.querySelectorAll<HTMLElement>(interactive)]
      .filter((node) => !node.closest('[aria-hidden="true"], [inert]'))
      // The innermost target: a button inside a link is the one a pointer reaches.
      .filter((node) => !node.querySelector(interactive))
      .map((node) => ({ node, box: node.getBoundingClientRect() }))
      .filter(({ node, box }) => {
        const style = getComputedStyle(node);
        return (
          box.width > 1 &&
          box.height > 1 &&
          style.visibility !== 'hidden' &&
          style.pointerEvents !== 'none' &&
          // Visually hidden until focused (the skip link): no pointer reaches it.
          style.clip !== 'rect(0px, 0px, 0px, 0px)' &&
          style.clipPath !== 'inset(50%)' &&
          !inSentence(node)
        );
      });
    const nameOf = (node: HTMLElement) => (node.getAttribute('aria-label') ?? node.textContent ?? '').trim();
    const centre = (box: DOMRect) => ({ x: box.left + box.width / 2, y: box.top + box.height / 2 });
    const small = (box: DOMRect) => box.width < 23.5 || box.height < 23.5;
    const distanceToBox = (point: { x: number; y: number }, box: DOMRect) =>
      Math.hypot(
        Math.max(box.left - point.x, 0, point.x - box.right),
        Math.max(box.top - point.y, 0, point.y - box.bottom),
      );
    const offenders: string[] = [];
    for (const target of targets) {
      if (!small(target.box)) continue;
      // The Equivalent exception: a full-size control of the same name does the same (the sidebar's
      // edge rail and the header's Toggle Sidebar).
      const name = nameOf(target.node);
      if (name && targets.some((other) => !small(other.box) && nameOf(other.node) === name)) continue;
      const c = centre(target.box);
      const crowding = targets.find((other) => {
        if (other === target || other.node.contains(target.node) || target.node.contains(other.node))
          return false;
        if (small(other.box)) {
          const o = centre(other.box);
          return Math.hypot(o.x - c.x, o.y - c.y) < 24 - 0.5;
        }
        return distanceToBox(c, other.box) < 12 - 0.5;
      });
      if (!crowding) continue;
      const label = (node: HTMLElement) =>
        `${node.tagName.toLowerCase()} "${(node.getAttribute('aria-label') ?? node.textContent ?? '').trim().slice(0, 30)}"`;
      offenders.push(
        `${label(target.node)} ${Math.round(target.box.width)}x${Math.round(target.box.height)} next to ${label(crowding.node)}`,
      );
    }
    return [...new Set(offenders)];
  }, scope);
}

/** 1.4.10: how far the page scrolls sideways, and the outermost elements past its right edge. */
export async function sidewaysScroll(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const scroller = document.scrollingElement ?? document.documentElement;
    if (scroller.scrollWidth <= scroller.clientWidth) return null;
    const width = scroller.clientWidth;
    const past = [...document.querySelectorAll<HTMLElement>('body *')].filter(
      (node) => node.getBoundingClientRect().right > width + 1,
    );
    const outermost = past.filter((node) => !past.some((other) => other !== node && other.contains(node)));
    const culprits = outermost
      .slice(0, 3)
      .map((node) => `${node.tagName.toLowerCase()}.${node.className.toString().slice(0, 60)}`);
    return `${scroller.scrollWidth} px > ${width} px (${culprits.join('; ')})`;
  });
}

/**
 * Reduced motion: every animation and transition under `selector` (computed, and any running) that lasts
 * longer than 1 ms.
 */
export async function movingParts(page: Page, selector: string): Promise<string[]> {
  return page.evaluate((query) => {
    const seconds = (value: string) =>
      Math.max(
        ...value
          .split(',')
          .map((part) => (part.trim().endsWith('ms') ? parseFloat(part) / 1000 : parseFloat(part))),
      );
    const found: string[] = [];
    for (const root of document.querySelectorAll<HTMLElement>(query)) {
      for (const node of [root, ...root.querySelectorAll<HTMLElement>('*')]) {
        const style = getComputedStyle(node);
        const longest = Math.max(seconds(style.transitionDuration), seconds(style.animationDuration));
        if (longest > 0.001)
          found.push(`${node.tagName.toLowerCase()}.${node.className.toString().slice(0, 50)}: ${longest}s`);
      }
      for (const animation of root.getAnimations({ subtree: true })) {
        const duration = Number(animation.effect?.getComputedTiming().duration ?? 0);
        if (duration > 1) found.push(`running ${animation.constructor.name} of ${duration} ms`);
      }
    }
    return found;
  }, selector);
}

/**
 * Starts recording what live regions say: each time a region's text (role status or alert, or
 * aria-live polite or assertive) changes to something new, that text is kept in `window.__announced`.
 */
export async function recordAnnouncements(page: Page): Promise<void> {
  await page.evaluate(() => {
    const said: string[] = [];
    const last = new WeakMap<Element, string>();
    const live =
      '[role="status"]:not([aria-live="off"]), [role="alert"]:not([aria-live="off"]), [aria-live="polite"], [aria-live="assertive"]';
    const read = () => {
      for (const region of document.querySelectorAll(live)) {
        // A region inside another live region speaks through the outer one.
        if (region.parentElement?.closest(live)) continue;
        const text = (region.textContent ?? '').trim();
        if (text && text !== last.get(region)) said.push(text);
        last.set(region, text);
      }
    };
    read();
    new MutationObserver(read).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
    });
    Object.assign(window, { __announced: said });
  });
}

/** How many announcements so far held `text`. */
export async function timesAnnounced(page: Page, text: string): Promise<number> {
  return page.evaluate((wanted) => {
    const said: unknown = Reflect.get(window, '__announced');
    return Array.isArray(said) ? said.filter((text) => String(text).includes(wanted)).length : 0;
  }, text);
}
