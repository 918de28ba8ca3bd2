import { Center, Loader } from "@mantine/core";

/** Shown while the session or a page is loading inside a layout. */
export function RouteLoading() {
  return (
    <Center py={80} data-route-loading>
      <Loader type="dots" aria-label="Loading" />
    </Center>
  );
}
