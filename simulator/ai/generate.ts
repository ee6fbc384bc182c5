import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyTooLargeError, parseJson, readBody, sendJson } from '../http';
import { FLAKY_MODEL, isErrorBehaviour, isStreamFault, type Behaviour } from './behaviours';
import type { Conversation } from './conversation';
import { decideTurn, refusalTurn } from './decide-turn';
import { InvalidRequest, type WireFormat } from './formats/wire-format';
import { behaviourMarker, tokenMsMarker } from './markers';
import { Pacer, StreamCut, StreamFailure } from './pacer';
import { isValidKey, REVOKED_KEY, requestIdHeaders, sendProviderError } from './providers';
import { SseWriter } from './sse';
import type { AiSimState } from './state';
import { tokenCount } from './turn';
import { usageOf } from './usage';

/** Prompts can be long (whole conversations, knowledge excerpts); nothing real is larger. */
const MAX_BODY = 8 * 1024 * 1024;

/**
 * One generation request in any wire format: authenticate, parse, record, pick the behaviour
 * (queued for the key, queued for the model, a marker in the last user text, `sim/flaky`),
 * then answer, stream or whole, at the simulator's pace.
 */
export async function answerGeneration(state: AiSimState, format: WireFormat, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { provider } = format;
  const key = provider.credential(req);
  if (!isValidKey(key)) return sendProviderError(res, provider, 'auth', authProblem(key));

  const conversation = await readConversation(state, format, key, req, res);
  if (!conversation) return;
  const behaviour =
    state.queue.take(key, conversation.model) ??
    behaviourMarker(conversation.lastUserText) ??
    (conversation.model === FLAKY_MODEL ? 'overloaded' : undefined);
  state.logger.debug({ api: format.api, model: conversation.model, behaviour, stream: conversation.stream }, 'generation request');

  if (behaviour && isErrorBehaviour(behaviour)) return sendProviderError(res, provider, behaviour);
  // Held with no answer at all, until the client gives up (or the simulator closes).
  if (behaviour === 'timeout') return new Promise((resolve) => res.once('close', resolve));
  if (behaviour === 'unavailable') return void req.socket.destroy();

  try {
    await respond(state, format, conversation, behaviour, res);
  } catch (error) {
    if (!(error instanceof StreamCut)) throw error;
  }
}

/** The request's conversation, recorded under its key; undefined when a 400 was answered. */
async function readConversation(
  state: AiSimState,
  format: WireFormat,
  key: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<Conversation | undefined> {
  try {
    const body = parseJson(await readBody(req, MAX_BODY));
    if (body === undefined) throw new InvalidRequest('The request body is not valid JSON.');
    const conversation = format.parseRequest(body);
    state.requests.record(key, { api: format.api, model: conversation.model, body });
    return conversation;
  } catch (error) {
    if (!(error instanceof InvalidRequest || error instanceof BodyTooLargeError)) throw error;
    sendProviderError(res, format.provider, 'bad_request', error.message);
    return undefined;
  }
}

async function respond(
  state: AiSimState,
  format: WireFormat,
  conversation: Conversation,
  behaviour: Behaviour | undefined,
  res: ServerResponse,
): Promise<void> {
  const turn = behaviour === 'refusal' ? refusalTurn(conversation) : decideTurn(conversation, state.scenarios);
  const usage = usageOf(conversation, turn);
  const tokenMs = tokenMsMarker(conversation.lastUserText);
  const timing = tokenMs === undefined ? state.timing : { ...state.timing, tokenMs };
  const pacer = new Pacer(timing, behaviour && isStreamFault(behaviour) ? behaviour : undefined, res);
  if (conversation.stream) {
    const sse = new SseWriter(res, requestIdHeaders(format.provider));
    try {
      await format.stream(turn, conversation, usage, sse, pacer);
    } catch (error) {
      if (!(error instanceof StreamFailure)) throw error;
      format.sendStreamError(sse);
    }
    return;
  }
  try {
    for (let i = tokenCount(turn); i > 0; i--) await pacer.nextToken();
    await pacer.beforeFinish();
  } catch (error) {
    // Nothing sent yet: the failure is an ordinary error answer.
    if (!(error instanceof StreamFailure)) throw error;
    return sendProviderError(res, format.provider, 'overloaded');
  }
  sendJson(res, 200, format.completeBody(turn, conversation, usage), requestIdHeaders(format.provider));
}

function authProblem(key: string | undefined): string {
  if (key === undefined) return 'No API key was provided.';
  return key === REVOKED_KEY ? 'This API key has been revoked.' : 'Invalid API key.';
}
