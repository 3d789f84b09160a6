import type { FastifyInstance } from 'fastify';

// JSON bodies: an empty body reads as {}, malformed JSON is a 400 (answered in
// the envelope by the error handler), __proto__ keys are dropped.

export function registerJsonParser(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (!text.trim()) return done(null, {});
    try {
      done(
        null,
        JSON.parse(text, (key, value) => (key === '__proto__' || key === 'constructor' ? undefined : value)),
      );
    } catch {
      const error = Object.assign(new Error('Malformed JSON in request body.'), {
        statusCode: 400,
        code: 'FST_ERR_CTP_INVALID_JSON_BODY',
      });
      done(error, undefined);
    }
  });
}
