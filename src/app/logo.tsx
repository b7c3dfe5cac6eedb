export function Logo() {
  return <img src="/favicon.svg" alt="AC Back-office" className="h-8 w-8" />;
}
