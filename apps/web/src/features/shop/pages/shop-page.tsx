import { Alert, Anchor, Button, Skeleton, Stack, Text } from "@mantine/core";
import type { ShopItem } from "@neonlab/shared/schemas/shop";
import { IconAlertTriangle, IconBolt, IconCoin } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { openConfirmDialog } from "../../../components/dialogs/open-dialogs.tsx";
import { PageHeader } from "../../../components/page-header.tsx";
import { ApiError, errorMessage } from "../../../lib/api-client.ts";
import { timeLeft } from "../../../lib/time-left.ts";
import { toast } from "../../../lib/toasts.ts";
import { useNow } from "../../../lib/use-now.ts";
import { useBuyShopItem, useShop } from "../api/shop.ts";
import { ItemCard } from "../components/item-card.tsx";
import { PacksSection } from "../components/packs-section.tsx";
import classes from "../components/shop.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";
import { onlineOnly } from "../../../components/online-only.tsx";
import { formatCount } from "@neonlab/shared/format";

/** /shop: streak freezes and the XP boost for NeonBits (product rules), and the packs to get more. */
function ShopPageOnline() {
  const shop = useShop();
  const buy = useBuyShopItem();
  const [buying, setBuying] = useState<string | null>(null);
  const [short, setShort] = useState<string | null>(null);
  const shortRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (short) shortRef.current?.scrollIntoView?.({ block: "center" });
  }, [short]);
  const boostEnd = shop.data?.boost ? Date.parse(shop.data.boost.endsAt) : null;
  const now = useNow(boostEnd !== null);
  const boostActive = boostEnd !== null && boostEnd > now;

  const onBuy = async (item: ShopItem) => {
    const balance = shop.data?.balance ?? 0;
    const confirmed = await openConfirmDialog({
      title: `Buy ${item.name}`,
      message: `Spend ${formatCount(item.price)} of your ${formatCount(balance)} NeonBits on ${item.name}?`,
      confirmLabel: "Buy",
    });
    if (!confirmed) return;
    setBuying(item.id);
    setShort(null);
    buy.mutate(item.id, {
      onSuccess: (result) => toast.success(result.message),
      onError: (error) => {
        // Short of NeonBits: said once, in place, with the way to get more (a toast would cover the link).
        if (error instanceof ApiError && error.statusCode === 409) setShort(error.message);
        else toast.error(errorMessage(error));
      },
      onSettled: () => setBuying(null),
    });
  };

  return (
    <div className={classes.page}>
      <PageHeader eyebrow="NeonBits" title="Shop" className={classes.header}>
        <p>Keep your streak alive and earn XP faster.</p>
      </PageHeader>
      {shop.isPending ? (
        <Stack gap="md" {...loadingStatus("Loading the shop")}>
          <Skeleton height={64} />
          <Skeleton height={220} />
        </Stack>
      ) : shop.isError ? (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text>{errorMessage(shop.error)}</Text>
          <Button size="xs" variant="default" onClick={() => void shop.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : (
        <>
          <div className={`nl-panel ${classes.wallet}`} data-shop-wallet>
            <span>
              <IconCoin size={20} aria-hidden="true" /> Balance:{" "}
              <span className={classes.balance} data-shop-balance={shop.data.balance}>
                {formatCount(shop.data.balance)} NeonBits
              </span>
            </span>
            {boostActive && boostEnd !== null ? (
              <span data-boost-banner>
                <IconBolt size={18} aria-hidden="true" /> XP Boost active: XP ×{shop.data.boost?.multiplier} for{" "}
                {timeLeft(boostEnd, now)}
              </span>
            ) : null}
            <Anchor component={Link} to="/settings?tab=neonbits" size="sm">
              See every NeonBits change
            </Anchor>
          </div>
          {short ? (
            <Alert
              ref={shortRef}
              color="red"
              icon={<IconAlertTriangle size={18} />}
              title="Not enough NeonBits"
              data-short
            >
              {short}{" "}
              <Anchor href="#packs" fw={600}>
                Get more NeonBits
              </Anchor>
            </Alert>
          ) : null}
          <div className={classes.grid}>
            {shop.data.items.map((item) => (
              <ItemCard
                key={item.id}
                item={item}
                state={shop.data}
                now={now}
                busy={buying === item.id}
                onBuy={(chosen) => void onBuy(chosen)}
              />
            ))}
          </div>
          <PacksSection />
        </>
      )}
    </div>
  );
}

/** Needs the network: offline it says so instead (components/online-only.tsx). */
export const ShopPage = onlineOnly(ShopPageOnline, "The shop", "neonlab://shop");
