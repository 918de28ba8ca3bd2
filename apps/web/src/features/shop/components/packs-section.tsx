import { Button, Group, Skeleton, Text } from "@mantine/core";
import { MESSAGES } from "@neonlab/shared/messages";
import { IconCoin } from "@tabler/icons-react";
import { useState } from "react";
import { toast } from "../../../lib/toasts.ts";
import { currencySessionUrl, usePacks } from "../api/packs.ts";
import classes from "./shop.module.css";
import { loadingStatus } from "../../../components/loading-status.ts";
import { formatCount } from "@neonlab/shared/format";

/** "Get more NeonBits": the packs (GET stripe/currency-product), each opening the provider's checkout. */
export function PacksSection() {
  const packs = usePacks();
  const [opening, setOpening] = useState<string | null>(null);

  const open = async (priceId: string) => {
    setOpening(priceId);
    try {
      window.location.assign(await currencySessionUrl(priceId));
    } catch {
      toast.error(MESSAGES.currencySessionFailed);
      setOpening(null);
    }
  };

  return (
    <section id="packs" className={`nl-panel ${classes.card} ${classes.packs}`} aria-labelledby="packs-title">
      <h2 id="packs-title" className={classes.sectionTitle}>
        Get more NeonBits
      </h2>
      <Text c="dimmed">
        Earn NeonBits by completing chapters (20) and courses (100) and in the weekly giveaway, or buy a pack.
      </Text>
      {packs.isPending ? (
        <Group gap="sm" {...loadingStatus("Loading the packs")}>
          <Skeleton height={36} width={180} />
          <Skeleton height={36} width={180} />
        </Group>
      ) : packs.data && packs.data.length > 0 ? (
        <Group gap="sm" data-packs>
          {packs.data.map((pack) => (
            <Button
              key={pack.priceId}
              variant="default"
              leftSection={<IconCoin size={18} />}
              loading={opening === pack.priceId}
              onClick={() => void open(pack.priceId)}
              data-pack={pack.priceId}
            >
              {formatCount(pack.neonbits)} NeonBits{pack.price ? ` · ${pack.price}` : ""}
            </Button>
          ))}
        </Group>
      ) : (
        <Text data-packs-unavailable>NeonBits packs can not be bought right now.</Text>
      )}
    </section>
  );
}
