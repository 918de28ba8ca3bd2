import { Center, Loader } from "@mantine/core";

/** Mantine's dots loader, centred with room around it (route-loading.tsx loads it on first use). */
export function LoadingDots() {
  return (
    <Center py={80} data-route-loading>
      <Loader type="dots" aria-label="Loading" />
    </Center>
  );
}
