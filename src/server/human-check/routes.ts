import { Hono } from 'hono';
import { describeRoute } from 'hono-openapi';
import * as v from 'valibot';
import { okEnvelope } from '#src/schemas/envelope.ts';
import type { AppEnv } from '../app-env.ts';
import { answers } from '../http/describe.ts';
import { sendOk } from '../http/envelope.ts';
import { newChallenge } from './verify.ts';

/** `GET /api/v1/challenge`: a fresh proof-of-work challenge for a public form. */
export const humanCheckRoutes = new Hono<AppEnv>().get(
  '/',
  describeRoute({
    tags: ['Public forms'],
    summary: 'A fresh proof-of-work challenge (ALTCHA) for a public form',
    responses: {
      200: answers(
        'The challenge, signed; valid 10 minutes',
        okEnvelope({
          challenge: v.object({ algorithm: v.string(), challenge: v.string(), maxnumber: v.optional(v.number()), salt: v.string(), signature: v.string() }),
        }),
      ),
    },
  }),
  async (c) => sendOk(c, 'Challenge', { challenge: await newChallenge(c.var.secretKey) }),
);
