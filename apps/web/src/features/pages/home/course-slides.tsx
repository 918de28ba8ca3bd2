import { Badge, Button, Group, Skeleton } from "@mantine/core";
import { IconArrowRight, IconBook2, IconCrown } from "@tabler/icons-react";
import { Link } from "react-router";
import { Carousel } from "../../../components/carousel.tsx";
import classes from "./home-page.module.css";
import { LEARNING_TRACKS, useFeaturedCourses } from "./featured-courses.ts";

/** Featured courses in the carousel; the learning tracks when the catalogue can not be read. */
export function CourseSlides() {
  const { data, isPending } = useFeaturedCourses();
  if (isPending) return <Skeleton height={260} radius={0} />;

  const slides = data?.length
    ? data.map((course) => ({
        key: course.slug,
        content: (
          <article className={classes.slide}>
            <img className={classes.slideCover} src={course.cover} alt="" width={1200} height={630} loading="lazy" />
            <div className={classes.slideBody}>
              <Group gap={8}>
                <Badge variant="outline" color="cyan" radius={2}>
                  {course.level}
                </Badge>
                {course.premium && (
                  <Badge variant="outline" color="magenta" radius={2} leftSection={<IconCrown size={12} />}>
                    Pro
                  </Badge>
                )}
              </Group>
              <h3 className={classes.slideTitle}>{course.title}</h3>
              <p className={classes.slideText}>{course.pitch}</p>
              <p className={classes.slideMeta}>
                {course.chapter_count} chapters · {course.lesson_count} lessons
              </p>
              <Button component={Link} to={`/courses/${course.slug}`} rightSection={<IconArrowRight size={16} />}>
                Open course
              </Button>
            </div>
          </article>
        ),
      }))
    : LEARNING_TRACKS.map((track) => ({
        key: track.key,
        content: (
          <article className={classes.slide}>
            <div className={classes.slideGlyph} aria-hidden="true">
              <IconBook2 size={72} stroke={1.2} />
            </div>
            <div className={classes.slideBody}>
              <Badge variant="outline" color="cyan" radius={2}>
                {track.level}
              </Badge>
              <h3 className={classes.slideTitle}>{track.title}</h3>
              <p className={classes.slideText}>{track.pitch}</p>
              <Button component={Link} to="/courses" rightSection={<IconArrowRight size={16} />}>
                Browse courses
              </Button>
            </div>
          </article>
        ),
      }));

  return <Carousel label="Featured courses" slides={slides} />;
}
