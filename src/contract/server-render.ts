/**
 * A page whose first view the server rendered (docs/architecture.md, "The first view from the server")
 * carries the answers it was rendered from in `<script type="application/json" id=SERVER_STATE_ID>`
 * (data, which the CSP lets be, not a script that runs): the client's query cache starts from them, so
 * that hydration renders the same markup and the screen asks the API nothing more.
 */
export const SERVER_STATE_ID = 'rm-server-state';

/**
 * Set on `<html>` once the client has rendered or hydrated the page: from then on it answers input. The
 * browser tests wait for it after loading a page (a click on server-rendered markup before it is lost).
 */
export const INTERACTIVE_ATTRIBUTE = 'data-interactive';
