import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { ChatModel } from '../ai/chat/index.ts';
import type { SpeechModel } from '../ai/speech/index.ts';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import type { JobDepsOf } from '../jobs/job-system.ts';
import type { APP_JOBS, AppJobs } from '../jobs/registry.ts';
import type { Bus } from './bus.ts';
import type { Authenticate } from './http.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SessionCache } from './session-cache.ts';
import type { Storage } from './storage.ts';

/** What every module's setup gets: the app's shared parts and the services of other modules. */
export interface ModuleContext {
  config: Config;
  database: Database;
  /** The one job system, to enqueue and follow jobs; app.ts provides the jobs and runs the worker. */
  jobs: Omit<AppJobs, 'provide' | 'provideAll' | 'start' | 'stop'>;
  bus: Bus;
  limiter: RateLimiter;
  /** Shared Redis when REDIS_URL is set, with the prefix every key of this app starts with. */
  redis: Redis | null;
  redisPrefix: string;
  storage: Storage;
  speech: SpeechModel;
  /** A chat model given by the caller (tests); otherwise the chat module builds one from the config. */
  chatModel: ChatModel | undefined;
  log: FastifyBaseLogger;
  /** Resolved API tokens; what changes a session or its user's name forgets the user there. */
  sessions: SessionCache;
  /** Resolves an API token to its user (the auth module answers, once it is set up). */
  authenticate: Authenticate;
  /**
   * The service of another module. During setup only modules listed before this one in app.ts
   * are available; a function that runs later (a handler, a callback) may use any module.
   */
  use<S>(module: StarlitModule<string, S>): S;
}

/** What a module's setup hands back to app.ts. */
export interface ModuleParts<S> {
  /** What other modules (and tests, through `Starlit.services`) call. */
  service?: S;
  /** Registers the module's calls; runs after every module's setup, in the order of app.ts. */
  routes?(app: FastifyInstance): void | Promise<void>;
  /** Work once the server is ready, before the job worker starts. */
  ready?(): Promise<void>;
  /** Work when the server closes, before the database does (stop timers `ready` started). */
  close?(): void | Promise<void>;
  /**
   * What the module's jobs (those of `jobs/registry.ts` it owns) need from it, by job name.
   * Every registered job is provided by exactly one module, or the app does not start.
   */
  jobs?: JobDepsOf<typeof APP_JOBS>;
}

/** A feature module: one entry in app.ts's list. */
export interface StarlitModule<Name extends string = string, S = unknown> {
  name: Name;
  setup(ctx: ModuleContext): ModuleParts<S> | Promise<ModuleParts<S>>;
}

/** Declares a module; the name and the service's type flow into `Starlit.services` and `ctx.use`. */
export function defineModule<const Name extends string, S = undefined>(module: StarlitModule<Name, S>): StarlitModule<Name, S> {
  return module;
}

type ServiceOf<M> = M extends StarlitModule<string, infer S> ? S : never;

/** The services of a list of modules by module name (modules without one left out). */
export type ServicesOf<Modules extends readonly StarlitModule[]> = {
  [M in Modules[number] as undefined extends ServiceOf<M> ? never : M['name']]: ServiceOf<M>;
};

/** Sets up the modules in order; `use` answers the services of those already set up. */
export async function setUpModules<const Modules extends readonly StarlitModule[]>(modules: Modules, shareWith: (use: ModuleContext['use']) => Omit<ModuleContext, 'use'>) {
  const services = new Map<StarlitModule, unknown>();
  const use = <S>(module: StarlitModule<string, S>): S => {
    if (!services.has(module)) throw new Error(`module ${module.name} is used before it is set up: list it earlier in app.ts`);
    // the map is filled only by module.setup, whose service is an S for that module
    return services.get(module) as S;
  };
  const shared = shareWith(use);
  const parts: Array<ModuleParts<unknown> & { name: string }> = [];
  const byName: Record<string, unknown> = {};
  for (const module of modules) {
    const part = await module.setup({ ...shared, use });
    services.set(module, part.service);
    if (part.service !== undefined) byName[module.name] = part.service;
    parts.push({ ...part, name: module.name });
  }
  // byName holds each module's service under its name, which is what ServicesOf describes
  return { parts, services: byName as ServicesOf<Modules> };
}
