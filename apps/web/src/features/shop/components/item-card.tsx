import { Anchor, Badge, Button, Group } from "@mantine/core";
import type { ShopItem, ShopState } from "@neonlab/shared/schemas/shop";
import { IconBolt, IconShoppingCart, IconSnowflake } from "@tabler/icons-react";
import { timeLeft } from "../../../lib/time-left.ts";
import classes from "./shop.module.css";
import { formatCount } from "@neonlab/shared/format";

/** What the user has of what an item gives: owned freezes, or the active boost with its time left. */
function Owned({ item, state, now }: { item: ShopItem; state: ShopState; now: number }) {
  if (item.effect === "streak_freeze") {
    const { owned, on } = state.freezes;
    return (
      <Badge variant="outline" color="cyan" data-owned-freezes={owned}>
        You own {owned} {owned === 1 ? "freeze" : "freezes"}
        {on ? " + 1 on your streak" : ""}
      </Badge>
    );
  }
  if (state.boost && Date.parse(state.boost.endsAt) > now) {
    return (
      <Badge variant="outline" color="cyan" data-boost-active>
        Active: {timeLeft(Date.parse(state.boost.endsAt), now)} left
      </Badge>
    );
  }
  return (
    <Badge variant="outline" color="cyan">
      Not active
    </Badge>
  );
}

export function ItemCard({
  item,
  state,
  now,
  busy,
  onBuy,
}: {
  item: ShopItem;
  state: ShopState;
  now: number;
  busy: boolean;
  onBuy: (item: ShopItem) => void;
}) {
  const Icon = item.effect === "xp_boost" ? IconBolt : IconSnowflake;
  const short = state.balance < item.price;
  return (
    <article className={`nl-panel ${classes.card}`} data-shop-item={item.id} aria-labelledby={`item-${item.id}`}>
      <Group justify="space-between" wrap="nowrap">
        <Group gap={8} wrap="nowrap">
          <Icon size={22} aria-hidden="true" />
          <h3 id={`item-${item.id}`} className={classes.cardTitle}>
            {item.name}
          </h3>
        </Group>
        <span className={classes.price}>{formatCount(item.price)} NB</span>
      </Group>
      <p className={classes.description}>{item.description}</p>
      <Owned item={item} state={state} now={now} />
      {short ? (
        <>
          <Button
            leftSection={<IconShoppingCart size={18} />}
            variant="default"
            disabled
            aria-label={`${item.name}: you need ${formatCount(item.price - state.balance)} more NeonBits`}
            data-short-by={item.price - state.balance}
          >
            Need {formatCount(item.price - state.balance)} more NeonBits
          </Button>
          <Anchor href="#packs" size="sm" className={classes.getMore}>
            Get NeonBits
          </Anchor>
        </>
      ) : (
        <Button
          leftSection={<IconShoppingCart size={18} />}
          onClick={() => onBuy(item)}
          loading={busy}
          aria-label={`Buy for ${formatCount(item.price)} NeonBits: ${item.name}`}
        >
          Buy for {formatCount(item.price)} NeonBits
        </Button>
      )}
    </article>
  );
}
