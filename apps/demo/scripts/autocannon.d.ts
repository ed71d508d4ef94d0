// The part of autocannon's API scripts/load.ts uses (autocannon ships no types).
declare module 'autocannon' {
  export interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }
  export interface Histogram {
    average: number;
    total: number;
    p50: number;
    p99: number;
    max: number;
  }
  export interface Result {
    requests: Histogram;
    latency: Histogram;
    statusCodeStats?: Record<string, { count: number }>;
    errors: number;
    timeouts: number;
  }
  export default function autocannon(options: { url: string; connections?: number; duration?: number; timeout?: number; requests?: Request[] }): Promise<Result>;
}
