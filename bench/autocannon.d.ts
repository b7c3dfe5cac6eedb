// autocannon ships no types; this is the part of its programmatic API the bench uses.
declare module 'autocannon' {
  type Options = { url: string; method: 'POST'; headers: Record<string, string>; body: string; connections: number; duration: number };
  type Result = { requests: { average: number; total: number }; latency: { p50: number; p99: number }; non2xx: number; errors: number };
  export default function autocannon(options: Options): Promise<Result>;
}
