import { Box, Container, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

type AuthCardProps = { eyebrow?: string; title: string; subtitle?: ReactNode; children: ReactNode };

/** The framed panel every sign-in screen sits in (the shell's cut-corner panel). */
export function AuthCard({ eyebrow = "Access terminal", title, subtitle, children }: AuthCardProps) {
  return (
    <Container size={460} px="md" py={{ base: "lg", sm: 48 }}>
      <Box className="nl-panel" p={{ base: "md", sm: "xl" }}>
        <Stack gap="lg">
          <Stack gap={6} align="center" ta="center">
            <Text className="nl-eyebrow">{eyebrow}</Text>
            <Title order={1} size="h2">
              {title}
            </Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Box>
    </Container>
  );
}
