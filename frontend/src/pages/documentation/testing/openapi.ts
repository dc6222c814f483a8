/** A small OpenAPI 3.1 document in the shape the partner API serves, for the documentation page's tests. */
export const OPENAPI_FIXTURE = {
  openapi: '3.1.0',
  info: { title: 'Exchanger partner API', version: '1' },
  paths: {
    '/ping': {
      post: {
        operationId: 'ping',
        summary: 'Checks the key and the signature',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Signed' } } } },
        responses: {
          '200': { description: 'OK', content: { 'application/json': { example: { success: true, data: { pong: true } } } } },
          '401': { description: 'The signature does not match', content: { 'application/json': { example: { success: false, error: { code: 'bad_signature', message: 'Bad signature' } } } } },
        },
      },
    },
    '/order_get': {
      post: {
        operationId: 'order_get',
        summary: 'One order of the key',
        requestBody: {
          content: {
            'application/json': {
              schema: {
                allOf: [{ $ref: '#/components/schemas/Signed' }],
                type: 'object',
                required: ['uid'],
                properties: { uid: { type: 'string', description: 'The order number' } },
              },
            },
          },
        },
        responses: {
          '200': {
            description: 'OK',
            content: { 'application/json': { examples: { order: { value: { success: true, data: { uid: 'A1B2C3', status: 'new' } } } } } },
          },
        },
        'x-errors': ['order_not_found'],
      },
    },
  },
  'x-error-codes': {
    order_not_found: { status: 404, description: "No such order of the key's owner." },
  },
  components: {
    schemas: {
      Signed: {
        type: 'object',
        required: ['time'],
        properties: { time: { type: 'integer', description: 'Milliseconds, strictly growing' } },
      },
    },
  },
};

/** The same document as the server writes it for `?lang=ru`: Russian texts, the same example. */
export const OPENAPI_FIXTURE_RU = {
  ...OPENAPI_FIXTURE,
  paths: {
    ...OPENAPI_FIXTURE.paths,
    '/ping': { post: { ...OPENAPI_FIXTURE.paths['/ping'].post, summary: 'Проверяет ключ и подпись' } },
  },
  'x-error-codes': { order_not_found: { status: 404, description: 'Нет такой заявки у владельца ключа.' } },
};
