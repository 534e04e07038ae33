// Per rule set routes besides its listing and assets (docs/server.md): the rules reference, and the positions the
// browser's editor starts from and checks (docs/positions.md), so that the browser never loads a rule set's code.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fullOptions, setupGame } from '../engine/kernel.ts';
import type { Json, Options } from '../engine/types.ts';
import { getPackage, type RulesetPackage } from '../rulesets/index.ts';
import { badRequest, notFound } from './errors.ts';
import type { InitialPositionResponse, ValidatePositionResponse } from './protocol.ts';
import { parseOr400 } from './schemas.ts';

type IdReq = FastifyRequest<{ Params: { id: string }; Querystring: Record<string, string> }>;

const validateSchema = z.object({ position: z.json() }).strict();

function packageOf(req: IdReq): RulesetPackage {
  try {
    return getPackage(req.params.id);
  } catch (e) {
    throw notFound((e as Error).message);
  }
}

function positionsOf(req: IdReq) {
  const pkg = packageOf(req);
  const p = pkg.ruleset.positions;
  if (!p) throw notFound(`rule set "${pkg.ruleset.id}" has no position format (docs/positions.md)`);
  return { rs: pkg.ruleset, p };
}

export function registerRulesetRoutes(app: FastifyInstance): void {
  // The reference is static: serialised once per rule set.
  const rulesCache = new Map<string, string>();
  app.get('/api/rulesets/:id/rules', async (req: IdReq, reply) => {
    const pkg = packageOf(req);
    if (!pkg.rules) throw notFound(`rule set "${pkg.ruleset.id}" has no rules reference yet (src/rulesets/${pkg.ruleset.id}/rules-reference.json)`);
    let body = rulesCache.get(pkg.ruleset.id);
    if (body === undefined) rulesCache.set(pkg.ruleset.id, (body = JSON.stringify(pkg.rules)));
    reply.header('cache-control', 'public, max-age=3600');
    return reply.type('application/json').send(body);
  });

  // The position of a scenario's set-up (with these options), for the editor to start from.
  app.get('/api/rulesets/:id/positions/initial', async (req: IdReq): Promise<InitialPositionResponse> => {
    const { rs, p } = positionsOf(req);
    const scenario = req.query.scenario ?? rs.scenarios[0]?.id;
    if (!rs.scenarios.some((s) => s.id === scenario)) {
      throw badRequest(`query field "scenario": ${rs.id} has no scenario "${String(scenario).slice(0, 100)}"; known: ${rs.scenarios.map((s) => s.id).join(', ')}`);
    }
    let options: Options = {};
    if (req.query.options) {
      try {
        options = JSON.parse(req.query.options) as Options;
      } catch {
        throw badRequest('query field "options": not JSON (an object of option ids to values)');
      }
      if (!options || typeof options !== 'object' || Array.isArray(options)) throw badRequest('query field "options": must be a JSON object');
    }
    let state;
    try {
      state = setupGame(rs, scenario!, fullOptions(rs, options), 'editor').state;
    } catch (e) {
      throw badRequest(`query field "options": ${(e as Error).message}`);
    }
    return { position: p.toPosition(state) as Json };
  });

  // Every problem of a position, by the rule set's own validation; empty when it can be played.
  app.post('/api/rulesets/:id/positions/validate', async (req: IdReq): Promise<ValidatePositionResponse> => {
    const { p } = positionsOf(req);
    const body = parseOr400(validateSchema, req.body, 'POST positions/validate');
    return { problems: p.validate(body.position as Json) };
  });
}
