import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { WriteResponse } from '#src/contract/common.ts';
import { REQUEST_ID_HEADER } from './request-id.ts';
import { noStore, securityHeaders } from './security-headers.ts';

// What the framework and Node refuse before any route runs, answered like every other error
// (docs/design.md §4 body, the security headers), with no framework code and no echo of the URL.

const danger = (responseMessage: string): WriteResponse => ({ responseMessage, responseFlag: 'danger' });

const routerRefusals: Record<string, { status: number; body: WriteResponse }> = {
  FST_ERR_BAD_URL: { status: 400, body: danger('The address is not valid.') },
  FST_ERR_MAX_PARAM_LENGTH: { status: 414, body: danger('The address is too long.') },
};

/** Fastify's `frameworkErrors`: a URL the router cannot read. These replies skip every hook. */
export function refuseBadUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  const refusal = routerRefusals[error.code] ?? { status: 500, body: danger('Sever Error. Please Contact Administration.') };
  request.log.info({ code: error.code }, 'refused by the router');
  return reply
    .code(refusal.status)
    .headers({ ...securityHeaders, ...noStore, [REQUEST_ID_HEADER]: request.id })
    .send(refusal.body);
}

const socketRefusals: Record<string, { status: number; body: WriteResponse }> = {
  HPE_HEADER_OVERFLOW: { status: 431, body: danger('The request headers are too large.') },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, body: danger('The request took too long to arrive.') },
};
const malformed = { status: 400, body: danger('The request is not valid HTTP.') };

/**
 * Fastify's `clientErrorHandler`: Node could not parse the request, so there is no request to reply
 * to, nor a log line: the answer's id is a fresh one, for the answer's sake alone.
 */
export function refuseUnreadableRequest(error: NodeJS.ErrnoException, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const { status, body } = socketRefusals[error.code ?? ''] ?? malformed;
  const text = JSON.stringify(body);
  const headers = {
    ...securityHeaders,
    ...noStore,
    [REQUEST_ID_HEADER]: randomUUID(),
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    connection: 'close',
  };
  const head = Object.entries(headers).map(([name, value]) => `${name}: ${value}\r\n`);
  if (socket.writable) socket.write(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${text}`);
  socket.destroy(error);
}
