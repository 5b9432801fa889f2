-- wrk script: every request picks one of the paths listed in the file given after --.
local paths = {}

function init(args)
  for line in io.lines(args[1]) do
    paths[#paths + 1] = line
  end
end

function request()
  return wrk.format("GET", paths[math.random(#paths)])
end
