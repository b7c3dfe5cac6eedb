// A route's screen is a chunk of its own (the router plugin's autoCodeSplitting), fetched by the
// router only once `beforeLoad` is done. A list entered by its address reads the user's views in
// its `beforeLoad` (features/views/default-view.ts), and on the app's first page that read also
// waits for the calls' registry: the screen's chunk was then asked for only after both, a wait of
// its own in a row (bench: the models list's chunks came about 100 ms after the registry's).

/** A route as its split `component` is reached: the router's lazy component, which can load ahead. */
export type SplitRoute = { options: { component?: unknown } };

/** Starts fetching the route's screen now; the router finds it loading, or loaded, when it asks. */
export function loadScreenCode(route: SplitRoute) {
  // Failures are kept by the lazy component and met by the router when it renders the screen.
  void (route.options.component as { preload?: () => Promise<void> } | undefined)?.preload?.();
}
