/**
 * A stub of GET /api/<resource>/options over `items`: `ids=` answers those rows, `q=` those whose
 * name contains it; X-Total-Count as the server sends it. Use with stubApi.
 */
export function optionsHandler(items: readonly { id: string; name: string }[]) {
  return ({ url }: { url: string }) => {
    const search = new URL(url, 'http://localhost').searchParams;
    const ids = search.getAll('ids');
    const q = (search.get('q') ?? '').toLowerCase();
    const rows = items
      .filter((item) => (ids.length ? ids.includes(item.id) : item.name.toLowerCase().includes(q)))
      .map((item) => ({ id: item.id, label: item.name, detail: null }));
    return Response.json(rows, { headers: { 'X-Total-Count': String(rows.length) } });
  };
}
