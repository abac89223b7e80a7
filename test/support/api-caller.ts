/**
 * The API of a runtime an e2e test started itself (`startRuntime`), called
 * with one key: redirects are not followed (a label's 302 is read as
 * such), and every answer's text is kept in `answers` when given, so a test
 * can search them all for a secret at its end.
 */
export type CalledJson = { data?: Record<string, unknown>; error?: { code: string; message: string } };
export type Called = { status: number; location: string | null; json: CalledJson };

export const apiCaller =
  (apiUrl: () => string, answers?: string[]) =>
  async (key: string, route: string, init: RequestInit = {}): Promise<Called> => {
    const response = await fetch(`${apiUrl()}${route}`, {
      ...init,
      redirect: 'manual',
      headers: { 'X-API-Key': key, 'Content-Type': 'application/json', ...init.headers },
    });
    const text = await response.text();
    answers?.push(text);
    return { status: response.status, location: response.headers.get('location'), json: (text ? JSON.parse(text) : undefined) as CalledJson };
  };
